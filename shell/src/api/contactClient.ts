import { API_PATHS, type ContactMessage, type ContactResponse, ContactResponseSchema } from 'shared-contracts';

/** Delivers a contact message to extract-api. Network failures come back as a failed response. */
export async function sendContactMessage(
  message: ContactMessage,
  fetchImpl: typeof fetch = fetch,
): Promise<ContactResponse> {
  let response: Response;
  try {
    response = await fetchImpl(API_PATHS.contact, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(message),
    });
  } catch {
    return { success: false, error: 'The server could not be reached.' };
  }
  const parsed = ContactResponseSchema.safeParse(await response.json().catch(() => null));
  if (parsed.success) return parsed.data;
  return { success: false, error: `The server answered ${response.status}.` };
}
