/**
 * @jest-environment node
 *
 * The content editor on this computer (npm run edit) writes into the working
 * tree, so it must take requests from its own page only: a request for
 * another Host (DNS rebinding) or from another origin is refused and writes
 * nothing.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { startEditorServer } from "../../scripts/editor-server";

let repository: string;
let proxy: Awaited<ReturnType<typeof startEditorServer>>;

beforeAll(async () => {
  repository = fs.mkdtempSync(path.join(os.tmpdir(), "editor-proxy-"));
  fs.mkdirSync(path.join(repository, "data"));
  fs.writeFileSync(path.join(repository, "data", "site.yaml"), "companyName: Before\n");
  proxy = await startEditorServer({ port: 0, repository, logLevel: "error" });
});

afterAll(async () => {
  await proxy.close();
  fs.rmSync(repository, { recursive: true, force: true });
});

/** An edit of data/site.yaml as the editor sends it, with the Host and Origin given. */
function persist(headers: Record<string, string>, companyName: string): Promise<number> {
  const body = JSON.stringify({
    action: "persistEntry",
    params: {
      branch: "main",
      entry: { slug: "site", path: "data/site.yaml", raw: `companyName: ${companyName}\n` },
      assets: [],
      options: { collectionName: "site", commitMessage: "Update site", useWorkflow: false, status: "draft" },
    },
  });
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port: proxy.port,
        path: "/api/v1",
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

const siteFile = () => fs.readFileSync(path.join(repository, "data", "site.yaml"), "utf8");
const ownHost = () => `127.0.0.1:${proxy.port}`;
const ownPage = () => `http://${ownHost()}`;

test.each([
  {
    case: "another Host, as after DNS rebinding",
    headers: () => ({ Host: `attacker.example:${proxy.port}`, Origin: ownPage() }),
  },
  { case: "another site's page", headers: () => ({ Host: ownHost(), Origin: "https://attacker.example" }) },
  { case: "another local page", headers: () => ({ Host: ownHost(), Origin: "http://localhost:3000" }) },
  { case: "no Origin at all", headers: () => ({ Host: ownHost() }) },
])("a request with $case is refused and writes nothing", async ({ headers }) => {
  expect(await persist(headers(), "Changed")).toBe(403);
  expect(siteFile()).toBe("companyName: Before\n");
});

test("the editor's own page, at the server's own address, may save", async () => {
  expect(await persist({ Host: ownHost(), Origin: ownPage() }, "After")).toBe(200);
  expect(siteFile()).toBe("companyName: After\n");
});
