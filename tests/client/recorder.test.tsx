import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { unisolated } from './student/support';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AudioRecorder } from '../../src/client/media/recorder/AudioRecorder';
import { initialRecorderState, recorderReducer } from '../../src/client/media/recorder/recorderState';
import { renderWithI18n } from './questions-support';
import { FakeMediaRecorder } from './recorder-fakes';
import { recorder as requests, server } from './support/server';

const track = { stop: vi.fn() };
const getUserMedia = vi.fn();

beforeEach(() => {
  FakeMediaRecorder.instances = [];
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  getUserMedia.mockReset().mockResolvedValue({ getTracks: () => [track] });
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  URL.createObjectURL = vi.fn(() => 'blob:recording');
  URL.revokeObjectURL = vi.fn();
  // jsdom cannot play media: playing only announces itself.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function serveUpload(
  status = 201,
  body: unknown = {
    status: 'success',
    message: 'File uploaded successfully',
    data: {
      success: true,
      file_name: 'abc.webm',
      relative_path: 'media/abc.webm',
      label: 'x',
      preview_url: '/api/media/abc.webm',
    },
  },
) {
  const calls = requests();
  server.use(
    http.post('*/api/upload-media', ({ request }) => {
      calls.record(request);
      return HttpResponse.json(body as Record<string, unknown>, { status });
    }),
  );
  return calls;
}

// Only the clock: React's scheduler and promises keep running for real.
const useFakeClock = () =>
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });

// user-event waits on timers between steps, which a fake clock never runs: press directly.
const pressRecord = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Record' })));

const state = () => screen.getByTestId('audio-recorder').getAttribute('data-state');
const button = (name: string) => screen.getByRole('button', { name });

describe('audio recorder', () => {
  it('records, plays back, saves with the answer label and plays the saved audio', async () => {
    const uploads = serveUpload();
    const onSaved = vi.fn();
    renderWithI18n(<AudioRecorder label="exams/questions/12/audio_responses" onSaved={onSaved} />);
    const user = userEvent.setup();
    expect(state()).toBe('readyToRecord');

    await user.click(button('Record'));
    await waitFor(() => expect(state()).toBe('recording'));
    expect(FakeMediaRecorder.instances[0].options.mimeType).toBe('audio/webm;codecs=opus');
    await user.click(button('Stop'));
    expect(state()).toBe('localPlayback');
    expect(track.stop).toHaveBeenCalled();
    // Keyboard users land on the next thing to do.
    expect(button('Play')).toHaveFocus();
    await user.click(button('Play'));
    expect(button('Pause')).toBeInTheDocument();

    await user.click(button('Save'));
    await waitFor(() => expect(state()).toBe('remotePlayback'));
    const form = await uploads.requests[0].formData();
    expect(form.get('label')).toBe('exams/questions/12/audio_responses');
    // The browser sends it as recording.webm (the e2e test checks the stored type); jsdom's File
    // reaches the test server as a bare blob that keeps only its type.
    expect((form.get('file') as Blob).type).toBe('audio/webm');
    expect(uploads.requests[0].headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(onSaved).toHaveBeenCalledWith(
      expect.objectContaining({ relative_path: 'media/abc.webm', preview_url: '/api/media/abc.webm' }),
    );
    expect(screen.getByTestId('audio-element')).toHaveAttribute('src', '/api/media/abc.webm');
    expect(button('Record again')).toBeInTheDocument();
  });

  it('never takes the focus on arrival, even when its effects run twice (issue 41), nor from outside itself', async () => {
    // A page of three questions: a text field, two recorders. StrictMode runs every effect twice,
    // as a remount or a resume can: focus and scroll must stay where the student is.
    renderWithI18n(
      <StrictMode>
        <input aria-label="Earlier answer" />
        <AudioRecorder label="exams/questions/2/audio_responses" />
        <AudioRecorder label="exams/questions/3/audio_responses" savedUrl="/api/media/saved.webm" />
      </StrictMode>,
    );
    await act(async () => undefined);
    expect(document.body).toHaveFocus();
    expect(screen.getAllByTestId('audio-recorder').map((r) => r.dataset.state)).toEqual([
      'readyToRecord',
      'remotePlayback',
    ]);
    // Once the student presses one, its next button takes the focus, as before.
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: 'Record' })[0]!);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Stop' })).toHaveFocus());
    // A state the recorder reaches while the student types elsewhere leaves the focus there.
    const field = screen.getByRole('textbox', { name: 'Earlier answer' });
    await user.click(field);
    act(() => FakeMediaRecorder.instances[0]!.stop());
    await waitFor(() => expect(screen.getAllByTestId('audio-recorder')[0]!.dataset.state).toBe('localPlayback'));
    expect(field).toHaveFocus();
  });

  it('discards a recording on retry and records again from the saved one', async () => {
    renderWithI18n(<AudioRecorder label="questions/instruction_audio" savedUrl="/api/media/old.webm" />);
    const user = userEvent.setup();
    expect(state()).toBe('remotePlayback');
    await user.click(button('Record again'));
    expect(state()).toBe('readyToRecord');
    await user.click(button('Record'));
    await user.click(await screen.findByRole('button', { name: 'Stop' }));
    await user.click(button('Retry'));
    expect(state()).toBe('readyToRecord');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:recording');
  });

  it('counts the time and stops by itself at maxSeconds', async () => {
    useFakeClock();
    renderWithI18n(<AudioRecorder label="questions/instruction_audio" maxSeconds={5} />);
    expect(
      screen.getByText((_, element) => unisolated(element?.textContent ?? '') === 'Up to 0:05'),
    ).toBeInTheDocument();
    await pressRecord();
    await act(async () => vi.advanceTimersByTimeAsync(2_000));
    expect(unisolated(screen.getByTestId('recorder-time').textContent ?? '')).toBe('0:02 recorded, 0:03 left');
    expect(state()).toBe('recording');
    await act(async () => vi.advanceTimersByTimeAsync(3_000));
    expect(state()).toBe('localPlayback');
    expect(FakeMediaRecorder.instances[0].state).toBe('inactive');
  });

  it('never records past 300 seconds, whatever it is asked', async () => {
    useFakeClock();
    renderWithI18n(<AudioRecorder label="questions/instruction_audio" maxSeconds={900} />);
    await pressRecord();
    await act(async () => vi.advanceTimersByTimeAsync(299_000));
    expect(state()).toBe('recording');
    await act(async () => vi.advanceTimersByTimeAsync(1_000));
    expect(state()).toBe('localPlayback');
  });

  it('only plays in play-only mode', () => {
    renderWithI18n(<AudioRecorder label="x" savedUrl="/api/media/answer.webm" playOnly />);
    expect(button('Play')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('says so when play-only has nothing to play', () => {
    renderWithI18n(<AudioRecorder label="x" playOnly />);
    expect(screen.getByText('No recording yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record' })).not.toBeInTheDocument();
  });

  it('explains a refused microphone in the reader’s language', async () => {
    getUserMedia.mockRejectedValue(Object.assign(new Error('denied'), { name: 'NotAllowedError' }));
    renderWithI18n(<AudioRecorder label="x" />, 'ar');
    await userEvent.setup().click(button('تسجيل'));
    expect(await screen.findByRole('alert')).toHaveTextContent('تم رفض الوصول إلى الميكروفون');
    expect(state()).toBe('readyToRecord');
  });

  it('explains a missing microphone', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
    renderWithI18n(<AudioRecorder label="x" />);
    await userEvent.setup().click(button('Record'));
    expect(await screen.findByRole('alert')).toHaveTextContent('No microphone was found.');
  });

  it('keeps the recording when saving fails, with the server’s message', async () => {
    serveUpload(422, {
      message: 'The data you sent is not valid.',
      errors: { label: ['The media label may contain only letters'] },
    });
    renderWithI18n(<AudioRecorder label="x" />);
    const user = userEvent.setup();
    await user.click(button('Record'));
    await user.click(await screen.findByRole('button', { name: 'Stop' }));
    await user.click(button('Save'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The media label may contain only letters');
    expect(state()).toBe('localPlayback');
  });

  it('works from the keyboard alone', async () => {
    renderWithI18n(<AudioRecorder label="x" />);
    const user = userEvent.setup();
    await user.tab();
    expect(button('Record')).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(button('Stop')).toHaveFocus());
    await user.keyboard(' ');
    expect(state()).toBe('localPlayback');
  });
});

describe('recorder states', () => {
  it('moves only along the transitions of the spec', () => {
    const ready = initialRecorderState(null);
    expect(recorderReducer(ready, { type: 'stopped', url: 'x', elapsed: 1 })).toBe(ready);
    const recording = recorderReducer(ready, { type: 'started' });
    expect(recording.status).toBe('recording');
    const local = recorderReducer(recording, { type: 'stopped', url: 'blob:1', elapsed: 3 });
    expect(local).toMatchObject({ status: 'localPlayback', localUrl: 'blob:1', elapsed: 3 });
    expect(
      recorderReducer(recorderReducer(local, { type: 'save' }), { type: 'saved', url: '/api/media/a.webm' }),
    ).toMatchObject({ status: 'remotePlayback', remoteUrl: '/api/media/a.webm' });
    expect(recorderReducer(local, { type: 'retry' }).status).toBe('readyToRecord');
    expect(initialRecorderState('/api/media/a.webm').status).toBe('remotePlayback');
  });
});
