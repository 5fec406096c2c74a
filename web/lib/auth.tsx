/**
 * The signed-in session (member document §3 and §4 "Session").
 * The token and the user are kept in browser storage (auth_token, user_data) so a reload keeps
 * the person signed in. On start, a stored token is checked with GET /auth/me; while that runs
 * the route guards show 'Authenticating...', and if it fails the stored session is cleared. When no
 * answer comes (the device is offline, the server out of reach), the session is not failed: the person
 * stays signed in on the stored user, and it is checked again once the device is back online.
 */
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '../../contract/public-user.ts';
import { api, ApiError, readAnswer, setUnauthorizedHandler } from './api-client.ts';
import { currentLanguage, languages, setLanguage, type Language } from './i18n.ts';
import { forgetOfflineAnswers } from './offline-answers.ts';
import { readStorage, removeStorage, storageKeys, writeStorage } from './storage-keys.ts';

export type AuthStatus = 'loading' | 'ready';

export interface AuthContextValue {
  /** 'loading' only while a stored token is being checked on start. */
  status: AuthStatus;
  user: PublicUser | null;
  token: string | null;
  /** Keeps a session the server has just handed out. */
  login: (token: string, user: PublicUser) => void;
  /** Ends the session on the server, then here. Rejects if the server call failed; the local session is cleared anyway. */
  logout: () => Promise<void>;
  /** Reloads the user from the server; clears the session if it is no longer valid. */
  refresh: () => Promise<PublicUser | null>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

/** An answer as it came, before its schema has read it. */
type MeResponse = unknown;

/**
 * The user of an answer that carries the signed-in person, checked against the contract. The schemas
 * are fetched with the first answer, not with the first page: a visitor who is not signed in never
 * downloads them.
 */
export async function parseUser(answer: MeResponse | Promise<MeResponse>): Promise<PublicUser> {
  const [{ signedInRead }, body] = await Promise.all([import('../../contract/public-user.ts'), answer]);
  return readAnswer(signedInRead, body).user;
}

/**
 * The user kept from the last visit. It is not checked here: the session stays 'loading' (the guards
 * show nothing of it) until GET /auth/me has answered with the checked user, or the session is cleared.
 */
function readStoredUser(): PublicUser | null {
  const raw = readStorage(storageKeys.userData);
  if (!raw) return null;
  try {
    const stored: unknown = JSON.parse(raw);
    return stored && typeof stored === 'object' ? (stored as PublicUser) : null;
  } catch {
    return null;
  }
}

/** A check that got no answer at all (offline, out of reach, timed out) says nothing of the session. */
function gotNoAnswer(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/**
 * The check of a stored session, started before the first render (main.tsx), and asked for by the
 * page's HTML before that (web/build/early-answers.js): its answer is usually here by the time the
 * app's code has run. Only for the token stored when it started: a sign-in or sign-out since then checks afresh.
 */
let earlyCheck: { token: string; answer: Promise<MeResponse | undefined> } | undefined;
/**
 * What the early check found, once it has answered: the checked user, or null for a session that is no
 * longer valid; or the stored user, unchecked, when the check got no answer (offline).
 */
let earlyOutcome: { token: string; user: PublicUser | null } | undefined;

/**
 * Starts the check of the stored session (taking the answer the page's HTML asked for), and settles
 * once it has answered. A session found invalid is cleared from storage then (member document §4:
 * "If it fails, the stored session is cleared"), before any screen shows it.
 */
export function checkStoredSessionEarly(): Promise<void> {
  const token = readStorage(storageKeys.authToken);
  if (!token) return Promise.resolve();
  const answer = api.get('/auth/me');
  answer.catch(() => undefined); // Read (and its failure handled) by the provider's first check.
  earlyCheck = { token, answer };
  return parseUser(answer).then(
    (user) => {
      earlyOutcome = { token, user };
      if (readStorage(storageKeys.authToken) !== token) return;
      writeStorage(storageKeys.userData, JSON.stringify(user));
      // Before the first screen, so that it is already in the person's language.
      followLanguage(user);
    },
    (error: unknown) => {
      const stored = gotNoAnswer(error) ? readStoredUser() : null;
      earlyOutcome = { token, user: stored };
      if (stored || readStorage(storageKeys.authToken) !== token) return;
      removeStorage(storageKeys.authToken);
      removeStorage(storageKeys.userData);
    },
  );
}

/** GET /auth/me for this token: the early check's answer if it was for this token, else a new request. */
function checkSession(token: string): Promise<MeResponse | undefined> {
  const early = earlyCheck;
  earlyCheck = undefined;
  return early?.token === token ? early.answer : api.get('/auth/me');
}

interface SessionState {
  status: AuthStatus;
  token: string | null;
  user: PublicUser | null;
}

/**
 * The session the app starts with: the one the early check has already confirmed, else the stored
 * one, 'loading' until GET /auth/me has answered.
 */
function readStoredSession(): SessionState {
  const token = readStorage(storageKeys.authToken);
  if (!token) return { status: 'ready', token: null, user: null };
  if (earlyOutcome?.token === token && earlyOutcome.user) return { status: 'ready', token, user: earlyOutcome.user };
  return { status: 'loading', token, user: readStoredUser() };
}

/**
 * A signed-in person reads the app in the language of their profile (the one their emails come in),
 * on every device; the switch in the header changes both. Shown as it is if Urdu cannot load now.
 */
function followLanguage(user: PublicUser): void {
  if (user.language && user.language !== currentLanguage()) void setLanguage(user.language).catch(() => undefined);
}

/** The language picked while signed out, if any, forgotten as it is read: it applies to one sign-in. */
function takeSignedOutChoice(): Language | undefined {
  const chosen = readStorage(storageKeys.languageChosenSignedOut);
  removeStorage(storageKeys.languageChosenSignedOut);
  return languages.find((language) => language === chosen);
}

/**
 * At sign-in: a language the person picked on the pages before it is the newer choice, so it stays on
 * screen and is saved to their account (emails and notifications follow it); without one, the
 * account's language is shown. Returns the user as the account now has them.
 */
function settleLanguageAtSignIn(user: PublicUser): PublicUser {
  const chosen = takeSignedOutChoice();
  if (!chosen || chosen === user.language) {
    followLanguage(user);
    return user;
  }
  if (chosen !== currentLanguage()) void setLanguage(chosen).catch(() => undefined);
  // If saving fails the browser still shows the choice; the account keeps its own until changed again.
  void api.put('/profile/language', { language: chosen }, { retries: 1 }).catch(() => undefined);
  return { ...user, language: chosen };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<SessionState>(readStoredSession);

  const clearSession = useCallback(() => {
    removeStorage(storageKeys.authToken);
    removeStorage(storageKeys.userData);
    // Nothing fetched for one person may be shown to the next one on this device.
    queryClient.clear();
    forgetOfflineAnswers();
    setSession({ status: 'ready', token: null, user: null });
  }, [queryClient]);

  const login = useCallback((token: string, signedIn: PublicUser) => {
    writeStorage(storageKeys.authToken, token);
    const user = settleLanguageAtSignIn(signedIn);
    writeStorage(storageKeys.userData, JSON.stringify(user));
    setSession({ status: 'ready', token, user });
  }, []);

  const refresh = useCallback(async () => {
    const token = readStorage(storageKeys.authToken);
    if (!token) {
      clearSession();
      return null;
    }
    // The schemas (parseUser) are fetched while the answer comes, not after it: one round trip less
    // before a signed-in person's first screen.
    void import('../../contract/public-user.ts').catch(() => undefined);
    try {
      const user = await parseUser(await checkSession(token));
      writeStorage(storageKeys.userData, JSON.stringify(user));
      // A transition: the person's first page is built in slices of a few milliseconds, so that a phone
      // stays responsive to a tap meanwhile ('Authenticating...' stays until the page is ready).
      startTransition(() => setSession({ status: 'ready', token, user }));
      followLanguage(user);
      return user;
    } catch (error) {
      const stored = gotNoAnswer(error) ? readStoredUser() : null;
      if (stored) {
        // Offline: the person stays signed in on what they were; checked again when back online.
        setSession({ status: 'ready', token, user: stored });
        return stored;
      }
      clearSession();
      return null;
    }
  }, [clearSession]);

  const logout = useCallback(async () => {
    try {
      await api.post('/auth/logout', undefined, { retries: 0 });
    } catch (error) {
      // A session the server no longer knows is already logged out.
      if (!(error instanceof ApiError && error.status === 401)) throw error;
    } finally {
      clearSession();
    }
  }, [clearSession]);

  // Check a stored token once on start (a ref, because StrictMode runs effects twice), unless the
  // early check has already confirmed it.
  const checked = useRef(false);
  const confirmedEarly = useRef(session.status === 'ready' ? session.user : null);
  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    // The early check was this session's first check: any later one (after a change of language, say)
    // asks the server again rather than take its answer.
    if (confirmedEarly.current) earlyCheck = undefined;
    else if (readStorage(storageKeys.authToken)) void refresh();
  }, [refresh]);

  // A 401 on any call means the session is dead: the guards then send the person to /login.
  useEffect(() => {
    setUnauthorizedHandler(clearSession);
    return () => setUnauthorizedHandler(null);
  }, [clearSession]);

  // Back online, the session is checked (a session kept while offline was not).
  useEffect(() => {
    const onOnline = () => {
      if (readStorage(storageKeys.authToken)) void refresh();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [refresh]);

  // Logging in or out in another tab applies here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== storageKeys.authToken && event.key !== null) return;
      if (readStorage(storageKeys.authToken)) void refresh();
      else setSession({ status: 'ready', token: null, user: null });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [refresh]);

  const value = useMemo<AuthContextValue>(
    () => ({ ...session, login, logout, refresh }),
    [session, login, logout, refresh],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}

export function isAdmin(user: PublicUser | null): boolean {
  return user?.role === 'ADMIN';
}

/** The page for a signed-in person: admins start in /admin, everyone else in /dashboard. */
export function homePathFor(user: PublicUser | null): string {
  return isAdmin(user) ? '/admin' : '/dashboard';
}
