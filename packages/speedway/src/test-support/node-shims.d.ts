// The package compiles without Node's types so that logic cannot reach for I/O; the one test that
// reads the shared rules folder declares just what it uses.
declare module 'node:fs' {
  export function existsSync(path: string): boolean;
  export function readFileSync(path: string, encoding: 'utf8'): string;
}

interface ImportMeta {
  readonly dirname: string;
}
