/**
 * `npm start`: builds the web app when its build is missing or older than its sources,
 * then becomes the server, which serves the app and the API on one port.
 *
 * The server runs in this very process (npm's script `exec`s node, so no shell sits in
 * between either): SIGTERM and SIGINT, from npm or a supervisor, reach the server itself,
 * which shuts down gracefully, and the process exits with the server's code. A second
 * process would be orphaned, still serving, when whatever sits above it dies first.
 */
import { buildWebAppIfStale } from './web-build.ts';

// WEB_DIST_DIR names a web app built elsewhere: this checkout's build is not served.
if (!process.env.WEB_DIST_DIR) buildWebAppIfStale();

await import(new URL('../apps/server/src/server.ts', import.meta.url).href);
