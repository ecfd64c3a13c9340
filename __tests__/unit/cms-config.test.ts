/** @jest-environment node */
import { cmsBackendFrom, cmsConfig, githubRepository } from "../../plugins/site-admin/cms-config";
import { collections, colourMissing, formats, isShared, tooLong, type Field } from "../../plugins/site-content/model";
import { modelArabic, tooLongArabic } from "../../plugins/site-content/model-arabic";
import { pairUses } from "../../src/lib/palette";

test("the deployed editor saves to GitHub unless git-gateway is asked for", () => {
  expect(cmsBackendFrom({ CMS_REPO: "owner/site" })).toEqual({ name: "github", branch: "main", repo: "owner/site" });
  expect(cmsBackendFrom({ CMS_BACKEND: "git-gateway", CMS_BRANCH: "content" })).toEqual({
    name: "git-gateway",
    branch: "content",
  });
  expect(cmsBackendFrom({ CMS_REPO: "owner/site", CMS_AUTH_URL: "https://auth.example.com" }).name).toBe("github");
});

test("the repository comes from CMS_REPO, else Netlify's REPOSITORY_URL, else the git remote", () => {
  const netlify = "https://github.com/bluepeak/website";
  const origin = "git@github.com:bluepeak/clone.git";
  expect(cmsBackendFrom({ CMS_REPO: "a/b", REPOSITORY_URL: netlify }, origin)).toMatchObject({ repo: "a/b" });
  expect(cmsBackendFrom({ REPOSITORY_URL: netlify }, origin)).toMatchObject({ repo: "bluepeak/website" });
  expect(cmsBackendFrom({}, origin)).toMatchObject({ repo: "bluepeak/clone" });
  expect(cmsBackendFrom({}, "/home/me/projects/site")).toMatchObject({ repo: undefined });
});

test.each([
  ["https://github.com/owner/name", "owner/name"],
  ["https://github.com/owner/name.git", "owner/name"],
  ["git@github.com:owner/my.site.git", "owner/my.site"],
  ["https://gitlab.com/owner/name", undefined],
  [undefined, undefined],
])("the GitHub repository of %s is %s", (address, repository) => {
  expect(githubRepository(address)).toBe(repository);
});

test("CMS_AUTH_URL is split as Decap needs it: the origin, and the path where the sign-in starts", () => {
  expect(cmsBackendFrom({ CMS_AUTH_URL: "https://auth.example.com" })).toMatchObject({
    baseUrl: "https://auth.example.com",
  });
  expect(cmsBackendFrom({ CMS_AUTH_URL: "https://auth.example.com" })).not.toHaveProperty("authEndpoint");
  const site = cmsBackendFrom({ CMS_REPO: "o/n", CMS_AUTH_URL: "https://www.example.com/api/auth" });
  expect(cmsConfig({ backend: site }).backend).toEqual({
    name: "github",
    branch: "main",
    repo: "o/n",
    base_url: "https://www.example.com",
    auth_endpoint: "api/auth",
  });
});

test("the backend's settings reach the configuration; the proxy only when asked for", () => {
  expect(
    cmsConfig({ backend: { name: "github", branch: "main", repo: "o/n", baseUrl: "https://auth.example.com" } })
      .backend,
  ).toEqual({
    name: "github",
    branch: "main",
    repo: "o/n",
    base_url: "https://auth.example.com",
  });
  expect(
    cmsConfig({ backend: { name: "proxy", branch: "main", proxyUrl: "http://127.0.0.1:8081/api/v1" } }).backend,
  ).toEqual({
    name: "proxy",
    branch: "main",
    proxy_url: "http://127.0.0.1:8081/api/v1",
  });
});

test("every length limit and list limit of the content reaches the editor with the build's wording", () => {
  const limited: { name: string; kind: Field["kind"]; max: number }[] = [];
  const walk = (fields: Readonly<Record<string, Field>>) => {
    for (const [name, field] of Object.entries(fields)) {
      if ((field.kind === "text" && field.format !== "route") || field.kind === "list")
        limited.push({ name, kind: field.kind, max: field.max });
      if (field.kind === "group") walk(field.fields);
      if (field.kind === "list" && field.of.kind === "group") walk(field.of.fields);
    }
  };
  for (const collection of collections) walk(collection.fields);
  const editorFields: { name: string; widget: string; max?: number; pattern?: [string, string] }[] = [];
  const collect = (fields: unknown[]) => {
    for (const field of fields as ((typeof editorFields)[number] & { fields?: unknown[]; field?: unknown })[]) {
      editorFields.push(field);
      if (field.fields) collect(field.fields);
      if (field.field) collect([field.field]);
    }
  };
  for (const collection of cmsConfig({ backend: { name: "git-gateway", branch: "main" } }).collections) {
    collect(collection.files[0]?.fields ?? []);
  }
  expect(limited.filter(({ kind }) => kind === "list").length).toBeGreaterThan(5);
  for (const { name, kind, max } of limited) {
    const candidates = editorFields.filter((field) => field.name === name);
    if (kind === "list") {
      expect({ name, max: candidates.find((field) => field.widget === "list")?.max }).toEqual({ name, max });
      continue;
    }
    const pattern = candidates.find((field) => field.pattern?.[1].toLowerCase().includes(tooLong(max)))?.pattern;
    expect({ name, limit: pattern?.[0].startsWith(`^(?=[\\s\\S]{0,${max}}$)`) }).toEqual({ name, limit: true });
    const within = "x".repeat(max);
    expect(new RegExp(pattern?.[0] ?? "").test(`${within}x`)).toBe(false);
  }
});

test("each file is saved in its own in-place format, and a draft's preview opens the page its content is on", () => {
  const config = cmsConfig({ backend: { name: "github", branch: "main", repo: "o/n" } });
  expect(config).not.toHaveProperty("publish_mode");
  const formats = config.collections.map((collection) => collection.format);
  expect(new Set(formats).size).toBe(collections.length);
  for (const [index, collection] of config.collections.entries()) {
    const page = collections[index]?.page ?? "";
    expect(collection.files[0]?.preview_path).toBe(page === "/" ? "/" : `${page}/`);
  }
  expect(cmsConfig({ backend: { name: "github", branch: "main" }, publishMode: "editorial_workflow" })).toMatchObject({
    publish_mode: "editorial_workflow",
  });
});

/** Every word of the content model an editor reads: each file's and field's name and help, and each format's rule. */
function modelWords(): string[] {
  const words: string[] = [];
  const walk = (field: Field) => {
    words.push(field.label, field.hint);
    if (field.kind === "group") Object.values(field.fields).forEach(walk);
    if (field.kind === "list") walk(field.of);
  };
  for (const collection of collections) {
    words.push(collection.label, collection.hint);
    Object.values(collection.fields).forEach(walk);
  }
  // And what the build's check of the brand colours says, which the editor says as they are typed.
  const formatRules = Object.values(formats).map((format) => format.message);
  return [...new Set([...words, ...formatRules, colourMissing, ...pairUses])];
}

test("every word of the content model has its Arabic, and the Arabic holds nothing else", () => {
  const words = modelWords();
  expect(words.filter((english) => !modelArabic[english])).toEqual([]);
  expect(Object.keys(modelArabic).filter((english) => !words.includes(english))).toEqual([]);
  // Written in Arabic: each has Arabic letters, and keeps the placeholders the English names.
  for (const english of words) {
    const arabic = modelArabic[english] ?? "";
    expect({ english, arabic: /[\u0600-\u06FF]/.test(arabic) }).toEqual({ english, arabic: true });
    expect({ english, placeholders: (arabic.match(/\{\w+\}/g) ?? []).sort() }).toEqual({
      english,
      placeholders: (english.match(/\{\w+\}/g) ?? []).sort(),
    });
  }
});

test("the Arabic configuration names every file and field in Arabic, and states each rule in Arabic", () => {
  const backend = { name: "github" as const, branch: "main", repo: "o/n" };
  const english = cmsConfig({ backend });
  const arabic = cmsConfig({ backend, language: "ar" });
  expect(english.locale).toBe("en");
  expect(arabic.locale).toBe("ar");
  // The same files and fields, in the same order, only the words differ.
  const shape = (config: typeof english) =>
    JSON.stringify(config.collections, (key, value) =>
      ["label", "label_singular", "hint", "description"].includes(key) || (key === "1" && typeof value === "string")
        ? ""
        : value,
    );
  expect(shape(arabic)).toBe(shape(english));
  const texts: string[] = [];
  const collect = (value: unknown, key = "") => {
    if (typeof value === "string" && ["label", "label_singular", "hint", "description"].includes(key))
      texts.push(value);
    else if (Array.isArray(value))
      value.forEach((item, index) => collect(item, key === "pattern" && index === 1 ? "hint" : ""));
    else if (value && typeof value === "object")
      for (const [inner, item] of Object.entries(value)) collect(item, inner === "pattern" ? "pattern" : inner);
  };
  collect(arabic.collections);
  expect(texts.length).toBeGreaterThan(200);
  expect(texts.filter((text) => !/[\u0600-\u06FF]/.test(text))).toEqual([]);
  const phone = JSON.stringify(arabic).match(/"pattern":\["[^"]*","([^"]*رقم هاتف[^"]*)"\]/)?.[1];
  expect(phone).toContain(tooLongArabic(formats.uaePhone.max));
});

test("a list entry is known by its first translated text, so that pictures and logos read apart when folded", () => {
  const config = cmsConfig({ backend: { name: "github", branch: "main", repo: "o/n" } });
  const summaries = config.collections.flatMap((collection) =>
    (collection.files[0]?.fields ?? []).flatMap((field) =>
      "summary" in field && field.summary ? [{ list: field.name, summary: field.summary }] : [],
    ),
  );
  for (const collection of collections)
    for (const [name, field] of Object.entries(collection.fields)) {
      if (field.kind !== "list" || field.of.kind !== "group") continue;
      const item = field.of.fields;
      const named = Object.entries(item).find(([, inner]) => inner.kind === "text" && !isShared(inner))?.[0];
      expect(summaries).toContainEqual({ list: name, summary: `{{fields.${named}}}` });
    }
});
