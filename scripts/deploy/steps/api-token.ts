import { ACCOUNT, type DeployStep } from "./plan";

/** The token is active and the account answers: before anything is made with them. */
export const apiToken = (): DeployStep => ({
  title: "API token",
  plan: "check that the token is active",
  run: async ({ api }) => {
    await api.get(`/user/tokens/verify`);
    await api.get(ACCOUNT);
    return "active, and the account answers";
  },
});
