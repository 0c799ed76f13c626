// Keeps the conversation inside the model's context window. Earlier attempts travel as one-line
// summaries; only the latest candidate and its feedback go in full. When that is still too much,
// or the endpoint says so, the same conversation is rebuilt at a lower level of detail.
import type { ChatImage, ChatMessage, ChatRequest, ProviderKind } from '../shared/model.ts';
import { estimateRequestTokens } from '../shared/tokens.ts';
import type { Task } from '../shared/task.ts';
import type { Attempt } from '../shared/session.ts';
import { lineOffsetOf } from './assemble.ts';
import { buildFeedback, FULL_DETAIL, noCodeFeedback, type FeedbackDetail } from './feedback.ts';
import { firstMessages, repairMessages, systemPrompt, type AskMode } from './prompt.ts';
import { summarizeAttempt } from './summary.ts';
import { clip } from '../shared/format.ts';

export const DEFAULT_CONTEXT_BUDGET_TOKENS = 8000;

interface DetailLevel {
  /** Earlier attempts summarised, most recent first; older ones are only counted. */
  summaries: number;
  feedback: FeedbackDetail;
  testsChars: number;
  /** Characters of a code-less reply resent so the model sees what it did. */
  replyChars: number;
  feedbackChars: number;
}

const LEVELS: readonly DetailLevel[] = [
  { summaries: 12, feedback: FULL_DETAIL, testsChars: 6000, replyChars: 2000, feedbackChars: 8000 },
  {
    summaries: 3,
    feedback: {
      maxFailures: 5,
      valueChars: 200,
      tracebackLines: 15,
      outputHead: 800,
      outputTail: 400,
      traceChars: 1500,
    },
    testsChars: 4000,
    replyChars: 1000,
    feedbackChars: 4000,
  },
  {
    summaries: 0,
    feedback: { maxFailures: 3, valueChars: 120, tracebackLines: 8, outputHead: 300, outputTail: 200, traceChars: 600 },
    testsChars: 2000,
    replyChars: 500,
    feedbackChars: 2000,
  },
  {
    summaries: 0,
    feedback: { maxFailures: 1, valueChars: 80, tracebackLines: 4, outputHead: 0, outputTail: 0, traceChars: 0 },
    testsChars: 800,
    replyChars: 300,
    feedbackChars: 800,
  },
];

export interface ConversationInput {
  task: Task;
  /** Finished attempts, oldest first. */
  history: readonly Attempt[];
  /** Ask for a different approach this time. */
  tactic: boolean;
  showTests: boolean;
  /** What the strategy adds: kept diagnoses, a request for one, a request for tests. */
  mode?: AskMode;
  /** Send the latest web page's picture with its feedback (only the latest: earlier ones are dropped). */
  pictures?: boolean;
  /** Whose rule prices a picture in tokens; OpenAI's when not given. */
  provider?: ProviderKind;
}

export interface Conversation {
  input: ConversationInput;
  /** Index into LEVELS: 0 is the most detailed. */
  level: number;
  request: ChatRequest;
  /** Estimated size of the request. */
  tokens: number;
}

/** The size of a request by the same estimate the usage shows when an endpoint reports none. */
export const requestTokens = estimateRequestTokens;

/** The latest page's picture, as a message image, when there is one to send. */
function latestPicture(input: ConversationInput, latest: Attempt | undefined): ChatImage | undefined {
  const url = input.pictures ? latest?.result?.web?.picture : undefined;
  const prefix = 'data:image/png;base64,';
  if (latest?.candidate === undefined || !url?.startsWith(prefix)) return undefined;
  return { mime: 'image/png', base64: url.slice(prefix.length) };
}

/** The picture rides on the last message, the one that carries the page's feedback. */
function withPicture(messages: ChatMessage[], image: ChatImage | undefined, level: number): ChatMessage[] {
  const last = messages.at(-1);
  // The least detailed level leaves the picture out: it is what is dropped last to fit.
  if (!image || !last || last.role !== 'user' || level >= LEVELS.length - 1) return messages;
  const content = `${last.content}\n\nAttached: a picture of your page as it rendered.`;
  return [...messages.slice(0, -1), { ...last, content, images: [image] }];
}

function latestFeedback(input: ConversationInput, latest: Attempt, level: DetailLevel, n: number): string {
  if (!latest.result || latest.candidate === undefined)
    return latest.feedback ?? noCodeFeedback('prose', input.task.language);
  // The stored text is the full-detail one, and carries notes the result alone does not.
  if (n === 0 && latest.feedback !== undefined) return latest.feedback;
  return buildFeedback(latest.result, {
    code: latest.candidate,
    lineOffset: lineOffsetOf(input.task),
    timeoutSec: input.task.limits.timeoutSec,
    hidden: latest.hidden,
    detail: level.feedback,
    generated: input.task.generatedTests,
  });
}

export function buildConversation(input: ConversationInput, levelIndex = 0): Conversation {
  const n = Math.min(Math.max(0, levelIndex), LEVELS.length - 1);
  const level = LEVELS[n] ?? LEVELS[0]!;
  const taskOptions = { showTests: input.showTests, testsChars: level.testsChars };
  const latest = input.history[input.history.length - 1];
  let messages: ChatMessage[];
  if (latest === undefined) {
    messages = firstMessages(input.task, taskOptions, input.mode);
  } else {
    const earlier = input.history.slice(0, -1);
    const kept = level.summaries > 0 ? earlier.slice(-level.summaries) : [];
    const offset = lineOffsetOf(input.task);
    messages = repairMessages({
      task: input.task,
      taskOptions,
      latest,
      feedback: clip(latestFeedback(input, latest, level, n), level.feedbackChars, { count: true }),
      summaries: kept.map((a) => summarizeAttempt(a, offset)),
      omitted: earlier.length - kept.length,
      tactic: input.tactic,
      replyChars: level.replyChars,
      mode: input.mode,
    });
  }
  messages = withPicture(messages, latestPicture(input, latest), n);
  const request: ChatRequest = { system: systemPrompt(input.task.language), messages };
  return { input, level: n, request, tokens: requestTokens(request, input.provider) };
}

/** The most detailed conversation that fits `budgetTokens`, else the least detailed one. */
export function fitConversation(input: ConversationInput, budgetTokens = DEFAULT_CONTEXT_BUDGET_TOKENS): Conversation {
  let conv = buildConversation(input, 0);
  while (conv.tokens > budgetTokens) {
    const smaller = shrink(conv);
    if (!smaller) break;
    conv = smaller;
  }
  return conv;
}

/** A smaller version of `conv`, for when the endpoint says it is too long; undefined when none is. */
export function shrink(conv: Conversation): Conversation | undefined {
  for (let n = conv.level + 1; n < LEVELS.length; n++) {
    const next = buildConversation(conv.input, n);
    if (next.tokens < conv.tokens) return next;
  }
  return undefined;
}
