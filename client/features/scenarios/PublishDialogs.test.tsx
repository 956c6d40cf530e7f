// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PublishConfirm } from './PublishDialogs.tsx';

afterEach(cleanup);

describe('the publish confirmation dialog', () => {
  it('reads as English for one drafted change: it "becomes" live', async () => {
    render(<PublishConfirm open publishing={false} name="Win the mobile deal" changeCount={1} onConfirm={vi.fn()} onCancel={vi.fn()} />);
    const text = (await screen.findByTestId('publish-confirm')).textContent ?? '';
    expect(text).toContain('The drafted change of “Win the mobile deal” becomes live for everyone');
    expect(text).not.toMatch(/drafted change of “[^”]*” become live/);
  });
});
