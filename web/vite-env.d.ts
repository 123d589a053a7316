/// <reference types="vite/client" />

/** The product version from package.json, injected by Vite (and by the test setup). */
declare const __APP_VERSION__: string;
