import { describe, expect, it, vi } from 'vitest';
import { forgetLinkFragment, parseFragment, takeLinkFragment } from './linkFragment.ts';

describe('one-time links\' fragments', () => {
  it('read name=value pairs, decoded', () => {
    expect(parseFragment('#token=abc-_1&x=2')).toEqual({ token: 'abc-_1', x: '2' });
    expect(parseFragment('#error=No%20account%20uses%20this%20e-mail')).toEqual({ error: 'No account uses this e-mail' });
    expect(parseFragment('')).toEqual({});
    expect(parseFragment('#')).toEqual({});
  });

  it('are taken out of the address bar at once, and read again from memory when the page is drawn again', () => {
    const history = { state: { idx: 3 }, replaceState: vi.fn() };
    const place = { pathname: '/invite', search: '', hash: '#token=secret' };
    expect(takeLinkFragment(place, history)).toEqual({ token: 'secret' });
    expect(history.replaceState).toHaveBeenCalledWith({ idx: 3 }, '', '/invite');
    // The address no longer holds it; a second render of the same page still knows it.
    expect(takeLinkFragment({ ...place, hash: '' }, history)).toEqual({ token: 'secret' });
    expect(history.replaceState).toHaveBeenCalledOnce();
    expect(takeLinkFragment({ pathname: '/reset', search: '', hash: '' }, history)).toEqual({});
    forgetLinkFragment('/invite');
    expect(takeLinkFragment({ ...place, hash: '' }, history)).toEqual({});
  });
});
