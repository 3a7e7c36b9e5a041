// The package compiles without Node's or Vite's types so that logic cannot reach for I/O; the
// test that compares the embedded data with the shared rules folder declares the one Vite feature
// it uses (files a glob does not find are simply absent from the result).
interface ImportMeta {
  glob<T>(
    patterns: string[],
    options: { query: '?raw'; import: 'default'; eager: true },
  ): Record<string, T>;
}
