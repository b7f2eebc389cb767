/** What the rest of the code base may use from this feature (lint refuses imports of its other files). */
export * from './AudioPlayButton';
export * from './mediaReferences';
export * from './recorder/AudioRecorder';
export * from './recorder/recordingKeeper';
export * from './uploaders';
export * from './MediaUploader';
export * from './useMedia';
export * from './bidi';
export * from './mediaTime';
