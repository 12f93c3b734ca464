/** Every id on the wire is 24 hex characters (the api speaks `_id`, ARCHITECTURE «Ids»). */
export const OBJECT_ID_PATTERN = /^[0-9a-f]{24}$/;
export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && OBJECT_ID_PATTERN.test(value);
}
