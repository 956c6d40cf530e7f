/** Slack's incoming webhooks take a JSON body of `text` (the notification's line) and `blocks`. */
export type SlackMessage = { text: string; blocks: unknown[] };

export function slackMessage(title: string, lines: readonly string[], link?: string): SlackMessage {
  return {
    text: title,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `*${title}*` } },
      ...(lines.length > 0 ? [{ type: 'section', text: { type: 'mrkdwn', text: lines.join('\n') } }] : []),
      ...(link ? [{ type: 'context', elements: [{ type: 'mrkdwn', text: `<${link}|Open in Capacity Planner>` }] }] : []),
    ],
  };
}

/** Posts one message; rejects unless Slack (or whatever listens there) answers 2xx. */
export async function postToSlack(url: string, payload: unknown): Promise<void> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload), signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`Slack answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
}
