import type { Reporter } from "gatsby";

const USER_ERROR = "site-user-error";

/**
 * Stops the build with a message written for whoever made the mistake (an
 * editor's content, a missing setting), shown as it is: no stack trace and no
 * plugin source, which Gatsby adds to errors it does not know. Gatsby must be
 * told of the error in onPreInit of the plugin that stops with it.
 */
export const userError = {
  register(reporter: Reporter): void {
    reporter.setErrorMap({
      [USER_ERROR]: {
        text: (context: { message: string }) => context.message,
        level: "ERROR",
        type: "CONFIG",
        category: "USER",
      },
    });
  },
  stop(reporter: Reporter, message: string): never {
    return reporter.panic({ id: USER_ERROR, context: { message } });
  },
};
