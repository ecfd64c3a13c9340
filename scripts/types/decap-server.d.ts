/**
 * decap-server's middleware entry, which the editor server mounts on its own
 * express app (the package ships no types for it).
 */
declare module "decap-server/dist/middlewares.js" {
  import type { Express } from "express";

  export function registerLocalFs(app: Express, options?: { logLevel?: string }): Promise<void>;
  const middlewares: { registerLocalFs: typeof registerLocalFs };
  export default middlewares;
}
