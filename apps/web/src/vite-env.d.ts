/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Backend base address when the API is not on the app's own origin. */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
