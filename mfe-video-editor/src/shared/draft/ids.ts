let counter = 0;
/** A local id for a section, block or audio version, unique in the page. */
export const newId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;
