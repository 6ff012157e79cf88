/** The photo page of one story; the id rides in the query so a reload or a shared link still works. */
export const manageLoveStoryPath = (id: number) => `/ManageLoveStory?id=${id}`;

/** Reads {id, title} from the navigation state, else the id from the query string. */
export function readStoryRef(state: unknown, search: URLSearchParams): { id: number | null; title: string | null } {
  const s = (state && typeof state === 'object' ? state : {}) as { id?: unknown; title?: unknown };
  const fromState = Number(s.id);
  const fromQuery = Number(search.get('id'));
  const id = Number.isInteger(fromState) && fromState > 0 ? fromState : Number.isInteger(fromQuery) && fromQuery > 0 ? fromQuery : null;
  return { id, title: typeof s.title === 'string' && s.title ? s.title : null };
}
