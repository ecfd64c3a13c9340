import * as React from "react";

/**
 * The visitor's session: who is signed in, whether a sign-in is under way and
 * what went wrong last. No screen uses it yet; it is kept so that sign-in can
 * be added without reshaping the app. The user survives reloads in
 * localStorage under the key "user".
 */

export type SessionUser = Readonly<Record<string, unknown>>;

export interface SessionState {
  user: SessionUser | null;
  loading: boolean;
  error: string | null;
}

export type SessionAction =
  | { type: "LOGIN_START" }
  | { type: "LOGIN_SUCCESS"; user: SessionUser }
  | { type: "LOGIN_FAILURE"; error: string }
  | { type: "LOGOUT" };

export const SESSION_STORAGE_KEY = "user";

export const initialSession: SessionState = { user: null, loading: false, error: null };

export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case "LOGIN_START":
      return { user: null, loading: true, error: null };
    case "LOGIN_SUCCESS":
      return { user: action.user, loading: false, error: null };
    case "LOGIN_FAILURE":
      return { user: null, loading: false, error: action.error };
    case "LOGOUT":
      return { user: null, loading: false, error: null };
  }
}

/** The user saved under the "user" key, or null when there is none, it is not a JSON object, or storage is unavailable. */
export function readStoredUser(): SessionUser | null {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? "null");
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as SessionUser) : null;
  } catch {
    return null;
  }
}

interface SessionContextValue {
  state: SessionState;
  dispatch: React.Dispatch<SessionAction>;
}

const SessionContext = React.createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: React.ReactNode }) {
  const [state, dispatch] = React.useReducer(sessionReducer, initialSession, (initial) =>
    // Pages are rendered at build time, where there is no localStorage.
    typeof window === "undefined" ? initial : { ...initial, user: readStoredUser() },
  );

  React.useEffect(() => {
    try {
      window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(state.user));
    } catch (error) {
      // Storage can be full or disabled (private browsing); the session then lasts until reload.
      console.warn("The session could not be saved:", error);
    }
  }, [state.user]);

  const value = React.useMemo(() => ({ state, dispatch }), [state]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = React.useContext(SessionContext);
  if (!value) throw new Error("useSession must be used inside <SessionProvider>.");
  return value;
}
