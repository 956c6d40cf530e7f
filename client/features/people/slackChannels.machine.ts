import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from '../../lib/api.ts';

/**
 * The Slack channels an admin keeps (incoming-webhook URLs):
 *
 *   loading -> ready -ADD-> adding -> ready (added: the form clears; refused: its message, the form kept)
 *                    -REMOVE-> removing -> ready
 */
export type SlackChannel = { _id: string; name: string; url: string };
export type SlackChannelsContext = { channels: SlackChannel[]; name: string; url: string; error: string | null };
export type SlackChannelsEvent =
  | { type: 'CHANGE'; field: 'name' | 'url'; value: string }
  | { type: 'ADD' }
  | { type: 'REMOVE'; id: string }
  | { type: 'RETRY' };

export const slackChannelsMachine = setup({
  types: { context: {} as SlackChannelsContext, events: {} as SlackChannelsEvent },
  actors: {
    load: fromPromise<SlackChannel[]>(async () => {
      throw new Error('The load actor was not provided');
    }),
    add: fromPromise<SlackChannel, { name: string; url: string }>(async () => {
      throw new Error('The add actor was not provided');
    }),
    remove: fromPromise<unknown, string>(async () => {
      throw new Error('The remove actor was not provided');
    }),
  },
  guards: { filledIn: ({ context }) => context.name.trim() !== '' && context.url.trim() !== '' },
}).createMachine({
  id: 'slackChannels',
  context: { channels: [], name: '', url: '', error: null },
  initial: 'loading',
  on: { CHANGE: { actions: assign(({ event }) => ({ [event.field]: event.value })) } },
  states: {
    loading: {
      invoke: {
        src: 'load',
        onDone: { target: 'ready', actions: assign({ channels: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    failed: { on: { RETRY: { target: 'loading', actions: assign({ error: null }) } } },
    ready: {
      on: {
        ADD: { guard: 'filledIn', target: 'adding', actions: assign({ error: null }) },
        REMOVE: { target: 'removing', actions: assign({ error: null }) },
      },
    },
    adding: {
      invoke: {
        src: 'add',
        input: ({ context }) => ({ name: context.name.trim(), url: context.url.trim() }),
        onDone: { target: 'ready', actions: assign({ channels: ({ context, event }) => [...context.channels, event.output], name: '', url: '' }) },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    removing: {
      invoke: {
        src: 'remove',
        input: ({ event }) => (event as Extract<SlackChannelsEvent, { type: 'REMOVE' }>).id,
        onDone: { target: 'loading' },
        onError: { target: 'loading', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
  },
});
