/** Test helpers of every api suite: servers on PGlite and PostgreSQL, HTTP and sign-in, sockets, role matrices. */
export * from './servers';
export * from './http';
export * from './sockets';
export * from './roles';
export * from './files';
