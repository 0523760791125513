import type { Access, Where } from 'payload'
import { changePosts } from './postAccess.js'

/** The same Where on a versions table, where the post's own fields live under `version.`. */
function onVersions(where: Where): Where {
  const mapped: Where = {}
  for (const [key, value] of Object.entries(where)) {
    if ((key === 'and' || key === 'or') && Array.isArray(value)) mapped[key] = value.map((w) => onVersions(w as Where))
    else mapped[`version.${key}`] = value as Where[string]
  }
  return mapped
}

/**
 * readVersions: whoever may change a post may read its revisions. changePosts' constraints name the
 * post's fields (author, status); on the versions table those are version.author and version.status,
 * and Payload refuses the bare paths (the document view of an author's or contributor's post failed).
 */
export const changePostVersions: Access = async (args) => {
  const result = await changePosts(args)
  return typeof result === 'object' ? onVersions(result) : result
}
