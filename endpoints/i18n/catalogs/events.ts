import type { AreaCatalog } from '../translate.js'

// Descriptions of the events read routes' parameters (and of `page`, shared by every archive),
// keyed by the English text where they are declared.
export const events: AreaCatalog = {
  fr: {
    'The archive page to return': "La page de l'archive à renvoyer",
    'The number of events to return on each page': "Le nombre d'événements à renvoyer par page",
    'Events that start on the specified date': 'Événements qui commencent à la date indiquée',
    'Events that end on the specified date': 'Événements qui se terminent à la date indiquée',
    'Events that start before the specified date': 'Événements qui commencent avant la date indiquée',
    'Events that start after the specified date': 'Événements qui commencent après la date indiquée',
    'Events that end before the specified date': 'Événements qui se terminent avant la date indiquée',
    'Events that end after the specified date': 'Événements qui se terminent après la date indiquée',
    'Dates set using the start_date/end_date, starts_*/ends_* are set to start at the specified times. The default behavior is to include the entire days.':
      'Les dates fixées par start_date/end_date et starts_*/ends_* s’appliquent aux heures indiquées. Par défaut, les journées entières sont incluses.',
    'Events should contain the specified string in the title or description': 'Les événements doivent contenir la chaîne indiquée dans leur titre ou leur description',
    'Events should be assigned one of the specified categories slugs or IDs': 'Les événements doivent appartenir à l’une des catégories indiquées (slugs ou ID)',
    'Events should be assigned one of the specified tags slugs or IDs': 'Les événements doivent porter l’une des étiquettes indiquées (slugs ou ID)',
    'Events should be assigned one of the specified venue IDs': 'Les événements doivent avoir lieu dans l’un des lieux indiqués (ID)',
    'Events should be assigned one of the specified organizer IDs': 'Les événements doivent être organisés par l’un des organisateurs indiqués (ID)',
    'Events should be filtered by their featured status': 'Filtrer les événements selon qu’ils sont mis en avant ou non',
    'The event post status': 'Le statut de publication de l’événement',
    'Extended edition. Events should be filtered by whether their venue has geolocation data':
      'Édition étendue. Filtrer les événements selon que leur lieu a des coordonnées géographiques ou non',
    'Extended edition. Events should be filtered by their venue latitude location, must also provide geoloc_lng':
      'Édition étendue. Filtrer les événements selon la latitude de leur lieu ; geoloc_lng doit aussi être fourni',
    'Extended edition. Events should be filtered by their venue longitude location, must also provide geoloc_lat':
      'Édition étendue. Filtrer les événements selon la longitude de leur lieu ; geoloc_lat doit aussi être fourni',
    'Include events with one of the post IDs specified in the array of CSV list, date filters will be ignored.':
      'Inclure les événements dont l’ID figure dans le tableau ou la liste CSV indiqués ; les filtres de date sont alors ignorés.',
    'Events should be filtered by their post_parent being the specified one.': 'Filtrer les événements dont le post_parent est celui indiqué.',
    'Filter events with or without tickets.': 'Filtrer les événements avec ou sans billets.',
    'The event ID': 'L’ID de l’événement',
    'The event password': 'Le mot de passe de l’événement',
    'The event slug': 'Le slug de l’événement',
  },
  de: {
    'The archive page to return': 'Die zurückzugebende Archivseite',
    'The number of events to return on each page': 'Die Anzahl der Veranstaltungen pro Seite',
    'Events that start on the specified date': 'Veranstaltungen, die am angegebenen Datum beginnen',
    'Events that end on the specified date': 'Veranstaltungen, die am angegebenen Datum enden',
    'Events that start before the specified date': 'Veranstaltungen, die vor dem angegebenen Datum beginnen',
    'Events that start after the specified date': 'Veranstaltungen, die nach dem angegebenen Datum beginnen',
    'Events that end before the specified date': 'Veranstaltungen, die vor dem angegebenen Datum enden',
    'Events that end after the specified date': 'Veranstaltungen, die nach dem angegebenen Datum enden',
    'Dates set using the start_date/end_date, starts_*/ends_* are set to start at the specified times. The default behavior is to include the entire days.':
      'Mit start_date/end_date und starts_*/ends_* gesetzte Daten gelten zu den angegebenen Uhrzeiten. Standardmäßig werden ganze Tage einbezogen.',
    'Events should contain the specified string in the title or description': 'Veranstaltungen müssen die angegebene Zeichenfolge im Titel oder in der Beschreibung enthalten',
    'Events should be assigned one of the specified categories slugs or IDs': 'Veranstaltungen müssen einer der angegebenen Kategorien (Slugs oder IDs) zugeordnet sein',
    'Events should be assigned one of the specified tags slugs or IDs': 'Veranstaltungen müssen eines der angegebenen Schlagwörter (Slugs oder IDs) tragen',
    'Events should be assigned one of the specified venue IDs': 'Veranstaltungen müssen an einem der angegebenen Veranstaltungsorte (IDs) stattfinden',
    'Events should be assigned one of the specified organizer IDs': 'Veranstaltungen müssen einem der angegebenen Veranstalter (IDs) zugeordnet sein',
    'Events should be filtered by their featured status': 'Veranstaltungen danach filtern, ob sie hervorgehoben sind',
    'The event post status': 'Der Veröffentlichungsstatus der Veranstaltung',
    'Extended edition. Events should be filtered by whether their venue has geolocation data':
      'Erweiterte Ausgabe. Veranstaltungen danach filtern, ob ihr Veranstaltungsort Geodaten hat',
    'Extended edition. Events should be filtered by their venue latitude location, must also provide geoloc_lng':
      'Erweiterte Ausgabe. Veranstaltungen nach dem Breitengrad ihres Veranstaltungsorts filtern; geoloc_lng ist ebenfalls anzugeben',
    'Extended edition. Events should be filtered by their venue longitude location, must also provide geoloc_lat':
      'Erweiterte Ausgabe. Veranstaltungen nach dem Längengrad ihres Veranstaltungsorts filtern; geoloc_lat ist ebenfalls anzugeben',
    'Include events with one of the post IDs specified in the array of CSV list, date filters will be ignored.':
      'Veranstaltungen mit einer der im Array oder in der CSV-Liste angegebenen IDs einbeziehen; Datumsfilter werden dann ignoriert.',
    'Events should be filtered by their post_parent being the specified one.': 'Veranstaltungen nach dem angegebenen post_parent filtern.',
    'Filter events with or without tickets.': 'Veranstaltungen mit oder ohne Tickets filtern.',
    'The event ID': 'Die ID der Veranstaltung',
    'The event password': 'Das Passwort der Veranstaltung',
    'The event slug': 'Der Slug der Veranstaltung',
  },
  es: {
    'The archive page to return': 'La página del archivo que se devuelve',
    'The number of events to return on each page': 'El número de eventos que se devuelven por página',
    'Events that start on the specified date': 'Eventos que empiezan en la fecha indicada',
    'Events that end on the specified date': 'Eventos que terminan en la fecha indicada',
    'Events that start before the specified date': 'Eventos que empiezan antes de la fecha indicada',
    'Events that start after the specified date': 'Eventos que empiezan después de la fecha indicada',
    'Events that end before the specified date': 'Eventos que terminan antes de la fecha indicada',
    'Events that end after the specified date': 'Eventos que terminan después de la fecha indicada',
    'Dates set using the start_date/end_date, starts_*/ends_* are set to start at the specified times. The default behavior is to include the entire days.':
      'Las fechas fijadas con start_date/end_date y starts_*/ends_* se aplican a las horas indicadas. Por defecto se incluyen los días completos.',
    'Events should contain the specified string in the title or description': 'Los eventos deben contener el texto indicado en el título o la descripción',
    'Events should be assigned one of the specified categories slugs or IDs': 'Los eventos deben pertenecer a una de las categorías indicadas (slugs o ID)',
    'Events should be assigned one of the specified tags slugs or IDs': 'Los eventos deben tener una de las etiquetas indicadas (slugs o ID)',
    'Events should be assigned one of the specified venue IDs': 'Los eventos deben celebrarse en uno de los lugares indicados (ID)',
    'Events should be assigned one of the specified organizer IDs': 'Los eventos deben tener uno de los organizadores indicados (ID)',
    'Events should be filtered by their featured status': 'Filtrar los eventos según estén destacados o no',
    'The event post status': 'El estado de publicación del evento',
    'Extended edition. Events should be filtered by whether their venue has geolocation data':
      'Edición ampliada. Filtrar los eventos según su lugar tenga datos de geolocalización o no',
    'Extended edition. Events should be filtered by their venue latitude location, must also provide geoloc_lng':
      'Edición ampliada. Filtrar los eventos por la latitud de su lugar; también debe indicarse geoloc_lng',
    'Extended edition. Events should be filtered by their venue longitude location, must also provide geoloc_lat':
      'Edición ampliada. Filtrar los eventos por la longitud de su lugar; también debe indicarse geoloc_lat',
    'Include events with one of the post IDs specified in the array of CSV list, date filters will be ignored.':
      'Incluir los eventos con uno de los ID indicados en la matriz o lista CSV; los filtros de fecha se ignoran.',
    'Events should be filtered by their post_parent being the specified one.': 'Filtrar los eventos cuyo post_parent sea el indicado.',
    'Filter events with or without tickets.': 'Filtrar eventos con o sin entradas.',
    'The event ID': 'El ID del evento',
    'The event password': 'La contraseña del evento',
    'The event slug': 'El slug del evento',
  },
}
