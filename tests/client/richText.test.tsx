import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { RichText } from '../../src/client/rich-text/RichText';
import { richTextNodes } from '../../src/client/rich-text/RichTextView';
import { renderWithI18n } from './questions-support';

let html = '';

function Harness({ initial = '', language = 'en' }: { initial?: string; language?: string }) {
  const [value, setValue] = useState(initial);
  html = value;
  return (
    <RichText value={value} onChange={setValue} language={language} label="resources.questions-bank.fields.text" />
  );
}

const box = () => screen.findByRole('textbox', { name: 'Question text' }, { timeout: 5_000 });

describe('rich text editor', () => {
  it('takes text and makes it bold from the toolbar', async () => {
    renderWithI18n(<Harness />);
    const user = userEvent.setup();
    await user.click(await box());
    // ProseMirror reads typed characters back from the DOM, which jsdom (no layout) sometimes
    // garbles; pasting goes through its own handler. Typing is tested in the browser (e2e).
    await user.paste('Hello');
    await waitFor(() => expect(html).toBe('<p>Hello</p>'));
    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    await waitFor(() => expect(html).toBe('<p><strong>Hello</strong></p>'));
  });

  it('colors the selection from the palette and removes the color', async () => {
    renderWithI18n(<Harness initial="<p>Sky</p>" />);
    const user = userEvent.setup();
    await user.click(await box());
    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByRole('button', { name: 'Text color: blue' }));
    await waitFor(() => expect(html).toBe('<p><span style="color: rgb(21, 101, 192);">Sky</span></p>'));
    await user.click(screen.getByRole('button', { name: 'Remove text color' }));
    await waitFor(() => expect(html).toBe('<p>Sky</p>'));
  });

  it('has bold and color only: other shortcuts do nothing and pasted formatting is dropped', async () => {
    renderWithI18n(<Harness initial="<p>Word</p>" />);
    const user = userEvent.setup();
    await user.click(await box());
    await user.keyboard('{Control>}a{/Control}{Control>}i{/Control}{Control>}u{/Control}');
    expect(html).toBe('<p>Word</p>');
    await user.keyboard('{Control>}b{/Control}');
    await waitFor(() => expect(html).toBe('<p><strong>Word</strong></p>'));
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    // jsdom has no DataTransfer: a clipboard holding HTML is enough for ProseMirror's paste handler.
    const clipboard: Record<string, string> = {
      'text/html':
        '<h1>Title</h1><p><em>it</em> <u>un</u> <a href="http://x">link</a><img src="x"><strong>b</strong></p>',
      'text/plain': 'Title it un link b',
    };
    await user.paste({
      types: Object.keys(clipboard),
      getData: (type: string) => clipboard[type] ?? '',
      items: [],
      files: [],
    } as unknown as DataTransfer);
    await waitFor(() => expect(html).toContain('<strong>b</strong>'));
    expect(html).not.toMatch(/<(h1|em|u|a|img)\b/);
  });

  it('runs right to left for Arabic content, whatever the console language', async () => {
    renderWithI18n(<Harness language="ar" initial="<p>مرحبا</p>" />);
    expect(await box()).toHaveAttribute('dir', 'rtl');
  });

  it('runs left to right for English content in the Arabic console', async () => {
    renderWithI18n(
      <RichText value="" onChange={() => undefined} language="en" label="resources.questions-bank.fields.text" />,
      'ar',
    );
    expect(await screen.findByRole('textbox', { name: 'نص السؤال' }, { timeout: 5_000 })).toHaveAttribute('dir', 'ltr');
    expect(screen.getByRole('button', { name: 'غامق' })).toBeInTheDocument();
  });

  it('shows a field error under the editor and marks it invalid', async () => {
    renderWithI18n(
      <RichText
        value=""
        onChange={() => undefined}
        language="en"
        label="resources.questions-bank.fields.text"
        error="questions.text_required"
      />,
    );
    const editor = await box();
    expect(editor).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById(editor.getAttribute('aria-describedby') ?? '')).toHaveTextContent(
      'Question text is required',
    );
  });
});

describe('stored rich text view', () => {
  it('keeps paragraphs, breaks, bold and colors and nothing else', () => {
    const { container } = renderWithI18n(
      <div data-testid="view">
        {richTextNodes(
          '<p>a<br><b>b</b><span style="color:red;background:url(x)">c</span><span onclick="x()">d</span></p><iframe src="x"></iframe><style>p{}</style>',
        )}
      </div>,
    );
    expect(container.innerHTML).toBe(
      '<div data-testid="view"><p>a<br><strong>b</strong><span style="color: red;">c</span>d</p></div>',
    );
  });
});
