import type { Provider } from '../call.js';
import { anthropic } from './anthropic.js';
import { google } from './google.js';
import { openaiChat } from './openai-chat.js';
import { openaiResponses } from './openai-responses.js';

/** The provider wire formats an `http_call` is read as, one line each. */
export const providers: readonly Provider[] = [anthropic, openaiResponses, openaiChat, google];
