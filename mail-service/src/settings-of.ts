/** The Worker's settings, read and checked once per call; a wrong one is logged for the operator, naming it. */
import { SettingsError, readSettings, type Settings } from "./core/settings";
import { log } from "./log";

export function settingsOf(env: Env): Settings | SettingsError {
  try {
    return readSettings(env as unknown as Record<string, unknown>);
  } catch (error) {
    if (error instanceof SettingsError) {
      log("error", "settings.invalid", { problems: error.problems });
      return error;
    }
    throw error;
  }
}
