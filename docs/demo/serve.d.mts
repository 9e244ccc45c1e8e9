/** The demo folder (`docs/demo/`). */
export declare const DEMO_DIR: string;
/** Starts the static server for the demo; `port: 0` picks a free port. */
export declare function startDemoServer(options?: { port?: number; dir?: string }): Promise<{ url: string; close: () => Promise<void> }>;
