/** The caller of a private call, as proven by a valid access token of a live session, or an API key. */
export type RequestUser = {
  id: string;
  email: string;
  name: string;
  role: 'admin' | null;
  sessionId: string;
};
