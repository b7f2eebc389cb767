import { MediaUploader, type MediaUploaderProps } from './MediaUploader';

type KindUploaderProps = Omit<MediaUploaderProps, 'kind' | 'title'> & { title?: string };

/** Images: png, jpeg, gif, webp up to 5 MB. */
export const ImageUploader = ({ title = 'uploader.image', ...props }: KindUploaderProps) => (
  <MediaUploader kind="image" title={title} {...props} />
);

/** Audio: wav, mp3 (and webm recordings) up to 20 MB. */
export const AudioUploader = ({ title = 'uploader.audio', ...props }: KindUploaderProps) => (
  <MediaUploader kind="audio" title={title} {...props} />
);

/** Documents: pdf, doc, docx (and png, jpg) up to 10 MB. */
export const DocumentUploader = ({ title = 'uploader.document', ...props }: KindUploaderProps) => (
  <MediaUploader kind="document" title={title} {...props} />
);

/** Any accepted file. */
export const FileUploader = ({ title = 'uploader.file', ...props }: KindUploaderProps) => (
  <MediaUploader kind="file" title={title} {...props} />
);
