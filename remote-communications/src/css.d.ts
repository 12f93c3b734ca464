/** Plain CSS imported for its side effect (style-loader in the build, a stub in jest). */
declare module '*.css';
