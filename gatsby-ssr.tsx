export { wrapPageElement, wrapRootElement } from "./src/wrap-page";
