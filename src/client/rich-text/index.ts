/** What the rest of the code base may use from this feature (lint refuses imports of its other files). */
export * from './ContentDirection';
export * from './RichText';
export * from './RichTextInput';
export * from './RichTextView';
