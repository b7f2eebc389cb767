import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AudioUploader, DocumentUploader, FileUploader, ImageUploader } from '../../src/client/media/uploaders';
import { renderWithI18n } from './questions-support';
import { recorder, server } from './support/server';

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'cat.png', { type: 'image/png' });

function Harness({
  initial = null,
  label = 'questions/media',
  hideRemove,
  onChange = () => undefined,
}: {
  initial?: string | null;
  label?: string;
  hideRemove?: boolean;
  onChange?: (value: string | null) => void;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <ImageUploader
      label={label}
      value={value}
      hideRemove={hideRemove}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

function serveUpload(respond: () => Response) {
  const calls = recorder();
  server.use(
    http.post('*/api/upload-media', ({ request }) => {
      calls.record(request);
      return respond();
    }),
  );
  return calls;
}

async function chooseAndUpload(file: File | null = png()) {
  const user = userEvent.setup();
  if (file) await user.upload(screen.getByTestId('uploader-image-input'), file);
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  return user;
}

describe('uploaders', () => {
  it('uploads the chosen file under its label, previews it and removes it', async () => {
    const onChange = vi.fn();
    const uploads = serveUpload(() =>
      HttpResponse.json(
        {
          status: 'success',
          message: 'File uploaded successfully',
          data: {
            success: true,
            file_name: 'abc.png',
            relative_path: 'media/abc.png',
            label: 'questions/media',
            preview_url: '/api/media/abc.png',
          },
        },
        { status: 201 },
      ),
    );
    const removals = recorder();
    server.use(
      http.delete('*/api/media/:name', ({ request }) => {
        removals.record(request);
        return HttpResponse.json({ data: { file_name: 'abc.png' } });
      }),
    );
    renderWithI18n(<Harness onChange={onChange} />);
    const user = await chooseAndUpload();

    expect(await screen.findByRole('img', { name: 'Uploaded image' })).toHaveAttribute('src', '/api/media/abc.png');
    expect(onChange).toHaveBeenLastCalledWith('media/abc.png');
    const form = await uploads.requests[0].formData();
    expect(form.get('label')).toBe('questions/media');
    expect(uploads.requests[0].headers.get('X-Requested-With')).toBe('XMLHttpRequest');

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(null));
    expect(new URL(removals.requests[0].url).pathname).toBe('/api/media/abc.png');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows the server’s first field error', async () => {
    serveUpload(() =>
      HttpResponse.json(
        {
          message: 'The data you sent is not valid.',
          errors: { file: ['This type of file is not allowed'], label: ['x'] },
        },
        { status: 422 },
      ),
    );
    renderWithI18n(<Harness />);
    await chooseAndUpload();
    expect(await screen.findByRole('alert')).toHaveTextContent('This type of file is not allowed');
  });

  it('shows the server’s message when no field is named', async () => {
    serveUpload(() => HttpResponse.json({ message: 'The file is too large' }, { status: 413 }));
    renderWithI18n(<Harness />);
    await chooseAndUpload();
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is too large');
  });

  it('falls back to the generic upload failure', async () => {
    serveUpload(() => new HttpResponse('<html>Bad gateway</html>', { status: 502 }));
    renderWithI18n(<Harness />, 'ar');
    const user = userEvent.setup();
    await user.upload(screen.getByTestId('uploader-image-input'), png());
    await user.click(screen.getByRole('button', { name: 'رفع' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('حدث خطأ أثناء رفع الملف');
  });

  it('needs a file and a label before it calls the server', async () => {
    const uploads = serveUpload(() => HttpResponse.json({}, { status: 500 }));
    const view = renderWithI18n(<Harness />);
    await chooseAndUpload(null);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select a file');
    view.unmount();
    renderWithI18n(<Harness label="" />);
    await chooseAndUpload();
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a media label');
    expect(uploads.requests).toHaveLength(0);
  });

  it('hides removal when asked (the localize pages)', () => {
    renderWithI18n(<Harness initial="media/abc.png" hideRemove />);
    expect(screen.getByRole('img', { name: 'Uploaded image' })).toHaveAttribute('src', '/api/media/abc.png');
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
  });

  it('offers each kind its own files', () => {
    const noop = () => undefined;
    renderWithI18n(
      <>
        <AudioUploader label="l" value={null} onChange={noop} />
        <DocumentUploader label="l" value={null} onChange={noop} />
        <FileUploader label="l" value="media/report.pdf" onChange={noop} />
      </>,
    );
    expect(screen.getByTestId('uploader-audio-input')).toHaveAttribute('accept', expect.stringContaining('.mp3'));
    expect(screen.getByTestId('uploader-document-input')).toHaveAttribute('accept', '.pdf,.doc,.docx,.png,.jpg,.jpeg');
    expect(screen.getByRole('link', { name: 'report.pdf' })).toHaveAttribute('href', '/api/media/report.pdf');
  });
});
