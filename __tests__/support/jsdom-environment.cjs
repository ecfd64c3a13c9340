const { TestEnvironment } = require("jest-environment-jsdom");

/**
 * jsdom has no Fetch API. Node's Response and Headers are handed over so that
 * tests can answer a replaced fetch with real responses; fetch itself is left
 * for each test to replace at the network boundary. Nor has it the encoders and
 * Web Crypto every browser has, with which the enquiry form makes its proof of
 * work: Node's, which are the same standard's, are handed over too.
 */
class JsdomWithFetchClasses extends TestEnvironment {
  /** @param {ConstructorParameters<typeof TestEnvironment>} args */
  constructor(...args) {
    super(...args);
    this.global.Response = Response;
    this.global.Headers = Headers;
    this.global.TextEncoder = TextEncoder;
    this.global.TextDecoder = TextDecoder;
    Object.defineProperty(this.global, "crypto", { value: require("node:crypto").webcrypto, configurable: true });
  }
}

module.exports = JsdomWithFetchClasses;
