/** The caller of a private call, as proven by a valid access token of a live session, or an API key. */
export type RequestUser = {
  id: string;
  email: string;
  name: string;
  role: 'admin' | null;
  sessionId: string;
  /** Set when the caller is a customer's system calling with one of their API keys (issue 19). */
  apiKeyId?: string;
};
