import { TimezoneSelectField as TimezoneSelectField_6d94c5ebc58d2b1b1dc5d3688cc21795 } from '../../../admin/TimezoneSelectField.tsx'
import { BooleanCell as BooleanCell_c08dd09f2252d4e6a0f1a09db9ca488d } from '../../../admin/BooleanCell.tsx'
import { EventTimeCell as EventTimeCell_c5bef7c8b34e280ace6b3d2ebec1ecee } from '../../../admin/EventTimeCell.tsx'
import { ZonedDateField as ZonedDateField_74de807842c6dcb33fc091f9af4fd499 } from '../../../admin/ZonedDateField.tsx'
import { EventZoneNote as EventZoneNote_5cc1cc8e4d7c41e2c7182c562f0c15c3 } from '../../../admin/EventZoneNote.tsx'
import { RecurrenceField as RecurrenceField_0b227379057fccae5bdcd7bd3c9078ee } from '../../../admin/RecurrenceField.tsx'
import { RscEntryLexicalCell as RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { RscEntryLexicalField as RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { LexicalDiffComponent as LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { InlineToolbarFeatureClient as InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HorizontalRuleFeatureClient as HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UploadFeatureClient as UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BlockquoteFeatureClient as BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { RelationshipFeatureClient as RelationshipFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { LinkFeatureClient as LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ChecklistFeatureClient as ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { OrderedListFeatureClient as OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnorderedListFeatureClient as UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { IndentFeatureClient as IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { AlignFeatureClient as AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HeadingFeatureClient as HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ParagraphFeatureClient as ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { InlineCodeFeatureClient as InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SuperscriptFeatureClient as SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SubscriptFeatureClient as SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { StrikethroughFeatureClient as StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnderlineFeatureClient as UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BoldFeatureClient as BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ItalicFeatureClient as ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SecretPasswordField as SecretPasswordField_fdf9bbecbc7d7287ceaac70b3c8616f4 } from '../../../admin/SecretPasswordField.tsx'
import { HiddenField as HiddenField_3817bf644402e67bfe6577f60ef982de } from '@payloadcms/ui'
import { SlugField as SlugField_f4b3eff84824097513535b96b7563176 } from '../../../admin/SlugField.tsx'
import { StatusSelectField as StatusSelectField_ba84b09748dfd83efe95980d15c2718f } from '../../../admin/StatusSelectField.tsx'
import { EventListFilters as EventListFilters_68f87f79db4acfa1a9d6211a4b9f2c47 } from '../../../admin/EventListFilters.tsx'
import { StateOrProvinceField as StateOrProvinceField_4054fda2dde3a27574a96ac0b5ea23e5 } from '../../../admin/StateOrProvinceField.tsx'
import { MapFlagCell as MapFlagCell_479773a71e57de4627f51b2e52897ffa } from '../../../admin/MapFlagCell.tsx'
import { MapFlagCheckbox as MapFlagCheckbox_b33d56bcac84f36799e4b613b1dfa3d4 } from '../../../admin/MapFlagCheckbox.tsx'
import { AppPasswordField as AppPasswordField_483a038eef4976eb25109c62dd91cc5f } from '../../../admin/appPasswords/AppPasswordField.tsx'
import { NewAppPassword as NewAppPassword_27bbf8f7b82e8c374af018ee134cf33c } from '../../../admin/appPasswords/NewAppPassword.tsx'
import { SendTestEvent as SendTestEvent_a170dfd6efcf3142bc66c8f1ce6e3520 } from '../../../admin/webhooks/SendTestEvent.tsx'
import { NewWebhook as NewWebhook_52d40405b91af987a5997668395286b5 } from '../../../admin/webhooks/NewWebhook.tsx'
import { NoPasswordReset as NoPasswordReset_9118f5b7bffa8a1862a5efd28a1c2f32 } from '../../../admin/NoPasswordReset.tsx'
import { UpcomingEvents as UpcomingEvents_4a7ce27024651040593213b8fb8c40d1 } from '../../../admin/UpcomingEvents.tsx'
import { CalendarNavLink as CalendarNavLink_698b2143dc1357720a8dfc685d35ff52 } from '../../../admin/CalendarNavLink.tsx'
import { EventCalendarView as EventCalendarView_8551d0407c382ad6866e459a3a9158c1 } from '../../../admin/EventCalendarView.tsx'
import { EventAgendaView as EventAgendaView_e1fae10b58ea419474bcb9514273f36e } from '../../../admin/EventAgendaView.tsx'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "/admin/TimezoneSelectField.tsx#TimezoneSelectField": TimezoneSelectField_6d94c5ebc58d2b1b1dc5d3688cc21795,
  "/admin/BooleanCell.tsx#BooleanCell": BooleanCell_c08dd09f2252d4e6a0f1a09db9ca488d,
  "/admin/EventTimeCell.tsx#EventTimeCell": EventTimeCell_c5bef7c8b34e280ace6b3d2ebec1ecee,
  "/admin/ZonedDateField.tsx#ZonedDateField": ZonedDateField_74de807842c6dcb33fc091f9af4fd499,
  "/admin/EventZoneNote.tsx#EventZoneNote": EventZoneNote_5cc1cc8e4d7c41e2c7182c562f0c15c3,
  "/admin/RecurrenceField.tsx#RecurrenceField": RecurrenceField_0b227379057fccae5bdcd7bd3c9078ee,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalCell": RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalField": RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#LexicalDiffComponent": LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/client#InlineToolbarFeatureClient": InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HorizontalRuleFeatureClient": HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UploadFeatureClient": UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BlockquoteFeatureClient": BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#RelationshipFeatureClient": RelationshipFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#LinkFeatureClient": LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ChecklistFeatureClient": ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#OrderedListFeatureClient": OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnorderedListFeatureClient": UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#IndentFeatureClient": IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#AlignFeatureClient": AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HeadingFeatureClient": HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ParagraphFeatureClient": ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#InlineCodeFeatureClient": InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SuperscriptFeatureClient": SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SubscriptFeatureClient": SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#StrikethroughFeatureClient": StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnderlineFeatureClient": UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BoldFeatureClient": BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ItalicFeatureClient": ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "/admin/SecretPasswordField.tsx#SecretPasswordField": SecretPasswordField_fdf9bbecbc7d7287ceaac70b3c8616f4,
  "@payloadcms/ui#HiddenField": HiddenField_3817bf644402e67bfe6577f60ef982de,
  "/admin/SlugField.tsx#SlugField": SlugField_f4b3eff84824097513535b96b7563176,
  "/admin/StatusSelectField.tsx#StatusSelectField": StatusSelectField_ba84b09748dfd83efe95980d15c2718f,
  "/admin/EventListFilters.tsx#EventListFilters": EventListFilters_68f87f79db4acfa1a9d6211a4b9f2c47,
  "/admin/StateOrProvinceField.tsx#StateOrProvinceField": StateOrProvinceField_4054fda2dde3a27574a96ac0b5ea23e5,
  "/admin/MapFlagCell.tsx#MapFlagCell": MapFlagCell_479773a71e57de4627f51b2e52897ffa,
  "/admin/MapFlagCheckbox.tsx#MapFlagCheckbox": MapFlagCheckbox_b33d56bcac84f36799e4b613b1dfa3d4,
  "/admin/appPasswords/AppPasswordField.tsx#AppPasswordField": AppPasswordField_483a038eef4976eb25109c62dd91cc5f,
  "/admin/appPasswords/NewAppPassword.tsx#NewAppPassword": NewAppPassword_27bbf8f7b82e8c374af018ee134cf33c,
  "/admin/webhooks/SendTestEvent.tsx#SendTestEvent": SendTestEvent_a170dfd6efcf3142bc66c8f1ce6e3520,
  "/admin/webhooks/NewWebhook.tsx#NewWebhook": NewWebhook_52d40405b91af987a5997668395286b5,
  "/admin/NoPasswordReset.tsx#NoPasswordReset": NoPasswordReset_9118f5b7bffa8a1862a5efd28a1c2f32,
  "/admin/UpcomingEvents.tsx#UpcomingEvents": UpcomingEvents_4a7ce27024651040593213b8fb8c40d1,
  "/admin/CalendarNavLink.tsx#CalendarNavLink": CalendarNavLink_698b2143dc1357720a8dfc685d35ff52,
  "/admin/EventCalendarView.tsx#EventCalendarView": EventCalendarView_8551d0407c382ad6866e459a3a9158c1,
  "/admin/EventAgendaView.tsx#EventAgendaView": EventAgendaView_e1fae10b58ea419474bcb9514273f36e,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
