import * as React from "react";
import { act, render } from "@testing-library/react";
import {
  initialSession,
  readStoredUser,
  SessionProvider,
  sessionReducer,
  useSession,
  type SessionState,
} from "../../src/hooks/use-session";

const user = { id: "42", name: "Mariam" };

describe("the session reducer", () => {
  test("LOGIN_START is loading with no user", () => {
    const signedIn: SessionState = { user, loading: false, error: null };
    expect(sessionReducer(signedIn, { type: "LOGIN_START" })).toEqual({ user: null, loading: true, error: null });
  });

  test("LOGIN_SUCCESS stores the user", () => {
    expect(sessionReducer({ user: null, loading: true, error: null }, { type: "LOGIN_SUCCESS", user })).toEqual({
      user,
      loading: false,
      error: null,
    });
  });

  test("LOGIN_FAILURE stores the error", () => {
    expect(
      sessionReducer({ user: null, loading: true, error: null }, { type: "LOGIN_FAILURE", error: "Wrong password" }),
    ).toEqual({
      user: null,
      loading: false,
      error: "Wrong password",
    });
  });

  test("LOGOUT clears the user", () => {
    expect(sessionReducer({ user, loading: false, error: null }, { type: "LOGOUT" })).toEqual(initialSession);
  });
});

describe("the session provider", () => {
  let session: ReturnType<typeof useSession> | undefined;
  function Probe() {
    session = useSession();
    return null;
  }

  beforeEach(() => {
    window.localStorage.clear();
    session = undefined;
  });

  test("starts with no user, not loading and no error, and saves the user under the key user on every change", () => {
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(session?.state).toEqual({ user: null, loading: false, error: null });
    expect(window.localStorage.getItem("user")).toBe("null");

    act(() => session?.dispatch({ type: "LOGIN_SUCCESS", user }));
    expect(JSON.parse(window.localStorage.getItem("user") ?? "")).toEqual(user);

    act(() => session?.dispatch({ type: "LOGOUT" }));
    expect(window.localStorage.getItem("user")).toBe("null");
  });

  test("reads the saved user back at start", () => {
    window.localStorage.setItem("user", JSON.stringify(user));
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(session?.state).toEqual({ user, loading: false, error: null });
  });

  test.each(["{not json", '"a string"', "[1,2]", "42"])(
    "a corrupt saved value (%s) falls back to no user",
    (stored) => {
      window.localStorage.setItem("user", stored);
      expect(readStoredUser()).toBeNull();
      render(
        <SessionProvider>
          <Probe />
        </SessionProvider>,
      );
      expect(session?.state.user).toBeNull();
    },
  );

  test("useSession outside the provider says what is wrong", () => {
    jest.spyOn(console, "error").mockImplementation(() => undefined);
    expect(() => render(<Probe />)).toThrow("useSession must be used inside <SessionProvider>.");
  });
});
