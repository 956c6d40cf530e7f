import { configure } from '@testing-library/dom';

// A screen's first rows come after antd has drawn it; on a busy 2-core box that passes the library's
// default of one second to wait for them. The tests still fail when the text never comes.
configure({ asyncUtilTimeout: 5_000 });
