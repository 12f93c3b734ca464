import { negotiate } from '@fastify/accept-negotiator';

/** What the server compresses with, best first (app.ts gives the same list to @fastify/compress). */
export const RESPONSE_ENCODINGS = ['br', 'gzip'] as const;
export type ResponseEncoding = (typeof RESPONSE_ENCODINGS)[number] | 'identity';

/**
 * The encoding an answer compressed by hand should use: the same choice @fastify/compress makes for
 * every other answer (its negotiator, `*` and `x-gzip` read as gzip), so the two never disagree.
 */
export function responseEncoding(header: string | string[] | undefined): ResponseEncoding {
  if (header == null) return 'identity';
  const text = (Array.isArray(header) ? header.join(',') : header).toLowerCase().replace(/\*|x-gzip/g, 'gzip');
  return (negotiate(text, [...RESPONSE_ENCODINGS]) as ResponseEncoding | null) ?? 'identity';
}
