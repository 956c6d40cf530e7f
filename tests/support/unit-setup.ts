import { configure } from '@testing-library/dom';
import { storesApi } from '../../client/app/storesApi.ts';
import { provideStoreCalls } from '../../client/stores/calls.ts';

// A screen's first rows come after antd has drawn it; on a busy 2-core box that passes the library's
// default of one second to wait for them. The tests still fail when the text never comes.
configure({ asyncUtilTimeout: 5_000 });

// The shared stores get their calls from the app shell (main.tsx); the client's tests render screens
// without it, so they are handed the same calls here (each test still answers them with its own fetch).
provideStoreCalls(storesApi);
