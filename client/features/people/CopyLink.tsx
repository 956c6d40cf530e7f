import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useRef, useState } from 'react';

/** Copies text: the Clipboard API where the page may use it, else the selected field's text. */
async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field?.select();
    return document.execCommand?.('copy') ?? false;
  }
}

/** A one-time link to pass on: the whole link in a field (selected on focus) and a Copy button. */
export function CopyLink({ url, testId }: { url: string; testId: string }) {
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        readOnly
        value={url}
        aria-label="Link"
        data-testid={testId}
        onFocus={(event) => event.target.select()}
        ref={(input) => {
          field.current = input?.input ?? null;
        }}
        style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 }}
      />
      <Button
        type="primary"
        icon={copied ? <CheckOutlined /> : <CopyOutlined />}
        onClick={() => void copyText(url, field.current).then((done) => setCopied(done))}
        data-testid={`${testId}-copy`}
      >
        {copied ? 'Copied' : 'Copy'}
      </Button>
    </Space.Compact>
  );
}
