/** @jest-environment node */
import { jsonForScript } from "../../src/lib/json-for-script";

test("markup, a closing script tag and line separators cannot leave the script element, and the JSON means the same", () => {
  const value = { name: `Bluepeak </script><script>alert(1)</script> & <b>"IT"</b>\u2028\u2029` };
  const json = jsonForScript(value);
  expect(json).not.toMatch(/[<>&\u2028\u2029]/);
  expect(json).toContain("\\u003c/script\\u003e");
  expect(JSON.parse(json)).toEqual(value);
});
