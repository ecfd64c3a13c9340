const { TestEnvironment } = require("jest-environment-jsdom");

/**
 * jsdom has no Fetch API. Node's Response and Headers are handed over so that
 * tests can answer a replaced fetch with real responses; fetch itself is left
 * for each test to replace at the network boundary.
 */
class JsdomWithFetchClasses extends TestEnvironment {
  /** @param {ConstructorParameters<typeof TestEnvironment>} args */
  constructor(...args) {
    super(...args);
    this.global.Response = Response;
    this.global.Headers = Headers;
  }
}

module.exports = JsdomWithFetchClasses;
