// The screens' stylesheet is bundled by the shell's and the remotes' webpack (style-loader); jest stubs it.
declare module '*.css';
