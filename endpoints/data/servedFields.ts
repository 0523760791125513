/**
 * What an answer never reads of an event, venue or organizer: the rich-text description (answers carry
 * the HTML stored beside it). Left out of a read, it is neither parsed nor walked by Payload's field
 * hooks, the largest part of reading a post.
 */
export const WITHOUT_RICH_TEXT = { description: false } as const
