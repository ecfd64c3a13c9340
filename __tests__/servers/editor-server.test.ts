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
import net from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { privateDetails } from "../../plugins/site-content/picture-metadata";
import { withPrivateMetadata } from "../support/private-picture";
import { buildEditorBundles } from "../../plugins/site-admin/bundle";
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

test("the editor's configuration is served in each of its languages, and the company's name from data/", async () => {
  const get = async (address: string) =>
    (await fetch(`${ownPage()}${address}`, { headers: { Origin: ownPage() } })).text();
  expect(await get("/admin/config.yml")).toMatch(/^locale: en$/m);
  expect(await get("/admin/config.ar.yml")).toMatch(/^locale: ar$/m);
  const before = siteFile();
  try {
    fs.writeFileSync(
      path.join(repository, "data", "site.yaml"),
      "en:\n  companyName: Dune Systems\nar:\n  companyName: أنظمة الكثبان\n",
    );
    // Read when asked for: an edit saved a moment ago is the name the editor's bar shows next.
    expect(JSON.parse(await get("/admin/company.json"))).toEqual({ en: "Dune Systems", ar: "أنظمة الكثبان" });
  } finally {
    fs.writeFileSync(path.join(repository, "data", "site.yaml"), before);
  }
});

test("the editor's bar shows the logo data/site.yaml names, at the bar's size and whole, or the site's icon", async () => {
  const site = path.join(repository, "data", "site.yaml");
  const before = fs.readFileSync(site, "utf8");
  const logo = async () => {
    const response = await fetch(`${ownPage()}/admin/logo.png`);
    expect(response.headers.get("content-type")).toMatch(/^image\/png/);
    return Buffer.from(await response.arrayBuffer());
  };
  fs.mkdirSync(path.join(repository, "static"), { recursive: true });
  const siteIcon = await sharp({ create: { width: 48, height: 48, channels: 3, background: "#1769aa" } })
    .png()
    .toBuffer();
  fs.writeFileSync(path.join(repository, "static", "favicon.png"), siteIcon);
  fs.mkdirSync(path.join(repository, "data", "images"), { recursive: true });
  // A wide logo, orange on nothing: it comes square, whole (orange at both ends) and still transparent around it.
  await sharp({ create: { width: 300, height: 100, channels: 4, background: "#c45412" } })
    .png()
    .toFile(path.join(repository, "data", "images", "bar-logo.png"));
  try {
    expect(await logo()).toEqual(siteIcon);
    fs.writeFileSync(site, "en:\n  companyName: Dune Systems\n  logo: ./images/bar-logo.png\n");
    const { data, info } = await sharp(await logo())
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([64, 64, 4]);
    const pixel = (x: number, y: number) => [...data.subarray((y * 64 + x) * 4, (y * 64 + x) * 4 + 4)];
    expect([pixel(1, 32), pixel(62, 32)]).toEqual([
      [0xc4, 0x54, 0x12, 255],
      [0xc4, 0x54, 0x12, 255],
    ]);
    expect(pixel(32, 2)[3]).toBe(0);
  } finally {
    fs.writeFileSync(site, before);
    fs.rmSync(path.join(repository, "static"), { recursive: true });
    fs.rmSync(path.join(repository, "data", "images", "bar-logo.png"));
  }
});

test("the editor's page and previews take the company's colours from data/site.yaml, and none without them", async () => {
  const site = path.join(repository, "data", "site.yaml");
  const before = fs.readFileSync(site, "utf8");
  const brand = async () => (await fetch(`${ownPage()}/admin/brand.css`)).text();
  try {
    expect(await brand()).toBe("");
    fs.writeFileSync(site, 'en:\n  companyName: Dune Systems\n  mainColour: "#3b1d0a"\n  accentColour: "#f0a830"\n');
    // Read when asked for: a colour saved a moment ago is the one the editor shows next.
    expect(await brand()).toMatch(/^:root:root\{--color-navy:#3b1d0a;.*--color-accent:#f0a830;/);
  } finally {
    fs.writeFileSync(site, before);
  }
});

test("the editor's own page, at the server's own address, may save", async () => {
  expect(await persist({ Host: ownHost(), Origin: ownPage() }, "After")).toBe(200);
  expect(siteFile()).toBe("companyName: After\n");
});

describe("it reads and writes only inside data/", () => {
  /** A request of the editor's own page to the backend; resolves with the status and the answer's text. */
  async function ask(action: string, params: Record<string, unknown>) {
    const response = await fetch(`${proxy.apiUrl}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ownPage() },
      body: JSON.stringify({ action, params: { branch: "main", ...params } }),
    });
    return { status: response.status, text: await response.text() };
  }
  const options = { collectionName: "site", commitMessage: "Update", useWorkflow: false, status: "draft" };
  const save = (entry: Record<string, string>, assets: Array<Record<string, string>> = []) =>
    ask("persistEntry", { entry: { slug: "site", raw: "companyName: Moved\n", ...entry }, assets, options });
  const tree = () => fs.readdirSync(repository, { recursive: true }).map(String).sort();

  beforeAll(() => {
    fs.mkdirSync(path.join(repository, ".git"), { recursive: true });
    fs.writeFileSync(path.join(repository, ".git", "config"), "[core]\n");
    fs.writeFileSync(path.join(repository, "package.json"), "{}\n");
  });

  test.each([
    ["the repository's git settings", { path: ".git/config" }],
    ["the build's code", { path: "gatsby-node.ts" }],
    ["a new file beside data/", { path: "notes.yaml" }],
    ["a path that climbs out of data/", { path: "data/../package.json" }],
    ["an absolute path", { path: "/tmp/elsewhere.yaml" }],
    ["a move out of data/", { path: "data/site.yaml", newPath: "package.json/x.yaml" }],
    ["a move through a file as if it were a folder", { path: "data/site.yaml", newPath: "data/site.yaml/x.yaml" }],
  ])("an entry saved to %s is refused with 403 and nothing changes", async (_, entry) => {
    const before = tree();
    const { status, text } = await save(entry);
    expect(status).toBe(403);
    expect(JSON.parse(text)).toEqual({ error: expect.stringMatching(/outside data\/|is a file, not a folder/) });
    expect(tree()).toEqual(before);
    expect(fs.readFileSync(path.join(repository, ".git", "config"), "utf8")).toBe("[core]\n");
  });

  test("a picture saved outside the media folder's tree, or read from outside it, is refused", async () => {
    const picture = { path: "static/x.png", content: Buffer.from("png").toString("base64"), encoding: "base64" };
    expect((await ask("persistMedia", { asset: picture, options: { commitMessage: "x" } })).status).toBe(403);
    expect((await save({ path: "data/site.yaml" }, [picture])).status).toBe(403);
    expect((await ask("getEntry", { path: "package.json" })).status).toBe(403);
    expect((await ask("getMedia", { mediaFolder: "." })).status).toBe(403);
    expect((await ask("deleteFiles", { paths: ["data/site.yaml", "package.json"], options })).status).toBe(403);
    expect(fs.existsSync(path.join(repository, "static"))).toBe(false);
    expect(fs.existsSync(path.join(repository, "package.json"))).toBe(true);
  });

  test.each([
    ["a YAML file of its own", "persistEntry", { entry: { slug: "site", path: "data/notes.yaml", raw: "a: 1\n" } }],
    ["a drawing with a script", "persistMedia", { asset: { path: "data/images/logo.svg", encoding: "base64" } }],
    ["a page among the pictures", "persistMedia", { asset: { path: "data/images/index.html", encoding: "base64" } }],
    [
      "a YAML file among the pictures",
      "persistMedia",
      { asset: { path: "data/images/contact.yaml", encoding: "base64" } },
    ],
    ["an upload over a content file", "persistMedia", { asset: { path: "data/site.yaml", encoding: "base64" } }],
    ["a content file moved", "persistEntry", { entry: { path: "data/site.yaml", newPath: "data/images/site.yaml" } }],
    ["a content file deleted", "deleteFiles", { paths: ["data/site.yaml"] }],
  ])("inside data/ too, it writes the content files and pictures alone: %s is refused", async (_, action, params) => {
    const before = tree();
    const content = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const withContent = JSON.parse(
      JSON.stringify(params).replace('"encoding"', `"content":"${content.toString("base64")}","encoding"`),
    );
    const { status, text } = await ask(action, { ...withContent, options });
    expect(status).toBe(403);
    expect(JSON.parse(text).error).toMatch(
      /is not one of the site's content files|is not a picture in data\/images\/|stay where they are/,
    );
    expect(tree()).toEqual(before);
  });

  test("a link inside data/ that leads out of it is not followed", async () => {
    fs.symlinkSync(repository, path.join(repository, "data", "link"));
    try {
      expect((await save({ path: "data/link/package.json" })).status).toBe(403);
      expect(fs.readFileSync(path.join(repository, "package.json"), "utf8")).toBe("{}\n");
    } finally {
      fs.unlinkSync(path.join(repository, "data", "link"));
    }
  });

  test("a body that is not JSON is answered 400 in one line, and the server keeps serving", async () => {
    const response = await fetch(proxy.apiUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ownPage() },
      body: "{not json",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).not.toMatch(/at .*\.js:\d+/);
    expect((await ask("getEntry", { path: "data/site.yaml" })).status).toBe(200);
  });

  test("pictures and entries inside data/ are still saved", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#0a66c2" } })
      .png()
      .toBuffer();
    const picture = { path: "data/images/new.png", content: png.toString("base64"), encoding: "base64" };
    expect((await ask("persistMedia", { asset: picture, options: { commitMessage: "x" } })).status).toBe(200);
    expect(fs.readFileSync(path.join(repository, "data", "images", "new.png"))).toEqual(png);
    expect((await save({ path: "data/site.yaml" })).status).toBe(200);
    expect(siteFile()).toBe("companyName: Moved\n");
  });

  test("a phone's photo is saved without where, with what and by whom it was taken, as a picture and with an entry", async () => {
    const photo = await withPrivateMetadata(path.resolve(__dirname, "../fixtures/example-pictures/social-card.jpg"));
    expect(privateDetails(photo)).toEqual(["location", "camera", "author"]);
    const asset = (name: string) => ({
      path: `data/images/${name}`,
      content: photo.toString("base64"),
      encoding: "base64",
    });
    const media = await ask("persistMedia", { asset: asset("from-a-phone.jpg"), options: { commitMessage: "x" } });
    expect(media.status).toBe(200);
    expect((await save({ path: "data/site.yaml" }, [asset("with-an-entry.jpg")])).status).toBe(200);
    for (const name of ["from-a-phone.jpg", "with-an-entry.jpg"]) {
      const saved = fs.readFileSync(path.join(repository, "data", "images", name));
      expect({ name, details: privateDetails(saved) }).toEqual({ name, details: [] });
      expect((await sharp(saved).metadata()).width).toBe((await sharp(photo).metadata()).width);
    }
    // The media library is told of the picture as it was saved.
    expect(Buffer.from(JSON.parse(media.text).content, "base64")).toEqual(
      fs.readFileSync(path.join(repository, "data", "images", "from-a-phone.jpg")),
    );
  });

  test.each([
    ["a text file named .jpg", "data/images/photo.jpg", "not a picture"],
    ["an SVG drawing named .png", "data/images/logo.png", '<svg xmlns="http://www.w3.org/2000/svg"/>'],
  ])("an upload that is %s is refused, in words, and nothing is written", async (_what, file, text) => {
    const upload = { path: file, content: Buffer.from(text).toString("base64"), encoding: "base64" };
    const media = await ask("persistMedia", { asset: upload, options: { commitMessage: "x" } });
    expect(media.status).toBe(422);
    expect(JSON.parse(media.text).error).toMatch(/not a JPEG, PNG, WebP or AVIF picture|is not a picture/);
    expect((await save({ path: "data/site.yaml" }, [upload])).status).toBe(422);
    expect(fs.existsSync(path.join(repository, file))).toBe(false);
  });

  test("two saves of one file at the same moment leave one of them whole, never a mix", async () => {
    const versions = ["a", "b"].map((letter) => `companyName: ${letter.repeat(400_000)}\n`);
    for (let round = 0; round < 30; round += 1) {
      const answers = await Promise.all(versions.map((raw) => save({ path: "data/site.yaml", raw })));
      expect(answers.map(({ status }) => status)).toEqual([200, 200]);
      expect(versions).toContain(siteFile());
    }
    // Nothing half-written is left beside it.
    expect(fs.readdirSync(path.join(repository, "data")).filter((name) => name.startsWith("."))).toEqual([]);
  });
});

describe("other pages cannot use the editor", () => {
  beforeAll(() => {
    fs.mkdirSync(path.join(repository, "static", "admin"), { recursive: true });
    fs.copyFileSync(
      path.resolve("static", "admin", "index.html"),
      path.join(repository, "static", "admin", "index.html"),
    );
  });

  test("every answer forbids framing it", async () => {
    for (const address of ["/admin/", "/admin/config.yml", "/admin/no-such-file"]) {
      const { headers } = await fetch(`${ownPage()}${address}`);
      expect({
        address,
        frame: headers.get("x-frame-options"),
        policy: headers.get("content-security-policy"),
      }).toEqual({ address, frame: "DENY", policy: "frame-ancestors 'none'" });
    }
  });

  /** The status of a GET with the headers as given (fetch would set Sec-Fetch-Mode itself). */
  const statusOf = (address: string, headers: Record<string, string>) =>
    new Promise<number>((resolve, reject) => {
      http
        .get(
          { host: "127.0.0.1", port: proxy.port, path: address, headers: { Host: ownHost(), ...headers } },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        )
        .on("error", reject);
    });
  const fromElsewhere = (site: string, mode: string, dest: string) => ({
    "Sec-Fetch-Site": site,
    "Sec-Fetch-Mode": mode,
    "Sec-Fetch-Dest": dest,
  });

  test("what another site's page asks for is refused; a visit to the editor from a link is not", async () => {
    expect(await statusOf("/admin/previews.js", fromElsewhere("cross-site", "no-cors", "script"))).toBe(403);
    expect(await statusOf("/admin/", fromElsewhere("cross-site", "navigate", "iframe"))).toBe(403);
    expect(await statusOf("/admin/config.yml", fromElsewhere("same-site", "cors", "empty"))).toBe(403);
    expect(await statusOf("/admin/", fromElsewhere("cross-site", "navigate", "document"))).toBe(200);
    expect(await statusOf("/admin/config.yml", fromElsewhere("same-origin", "cors", "empty"))).toBe(200);
  });

  test("the editor's scripts are built once per change of their sources, not once per request", async () => {
    const built = buildEditorBundles();
    const asked = await Promise.all([1, 2, 3].map(() => fetch(`${ownPage()}/admin/previews.js`)));
    expect(asked.map((response) => response.status)).toEqual([200, 200, 200]);
    expect((await fetch(`${ownPage()}/admin/previews.css`)).status).toBe(200);
    expect((await fetch(`${ownPage()}/admin/editor.js`)).status).toBe(200);
    // The same bundle, not another one made for each request.
    expect(buildEditorBundles()).toBe(built);
    const source = path.resolve("src", "lib", "required.ts");
    const later = new Date(Date.now() + 1000);
    fs.utimesSync(source, later, later);
    const rebuilt = buildEditorBundles();
    expect(rebuilt).not.toBe(built);
    await fetch(`${ownPage()}/admin/previews.js`);
    expect(buildEditorBundles()).toBe(rebuilt);
  });
});

test("a malformed request pipelined behind a download is answered after it, never inside it", async () => {
  const bundle = fs
    .readdirSync(path.resolve("node_modules", "decap-cms", "dist"))
    .find((name) => /^decap-cms\.js$/.test(name));
  const expected = fs.statSync(path.resolve("node_modules", "decap-cms", "dist", String(bundle))).size;
  const received = await new Promise<Buffer>((resolve, reject) => {
    const socket = net.connect(proxy.port, "127.0.0.1", () =>
      socket.write(`GET /admin/${bundle} HTTP/1.1\r\nHost: ${ownHost()}\r\n\r\nGET /x HTTP/1.1 junk\r\n\r\n`),
    );
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("end", () => resolve(Buffer.concat(chunks)));
    socket.on("error", reject);
  });
  const text = received.toString("latin1");
  const firstBody = text.indexOf("\r\n\r\n") + 4;
  const second = text.indexOf("HTTP/1.1 400", firstBody);
  expect(second - firstBody).toBe(expected);
  expect(text.slice(second)).toMatch(/X-Content-Type-Options: nosniff/);
});
