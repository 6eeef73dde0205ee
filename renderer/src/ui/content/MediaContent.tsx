import { useState } from 'react';
import { formatBytes } from '../format';
import { base64DataUrl, base64DecodedSize, base64ToBytes, cleanMimeType, suggestFileName } from './binary';
import { saveFile } from './file-actions';

/** Saves base64 data as a file, or says why it cannot. */
function SaveBase64Button({ data, mimeType, name, label = 'Save…' }: { data: string; mimeType: string; name: string; label?: string }) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className="button button--small"
        onClick={() => {
          try {
            saveFile(name, base64ToBytes(data), cleanMimeType(mimeType) ?? 'application/octet-stream');
            setProblem(null);
          } catch {
            setProblem('The data is not valid base64, so it cannot be saved as a file.');
          }
        }}
      >
        {label}
      </button>
      {problem && <span className="field-error">{problem}</span>}
    </>
  );
}

interface MediaProps {
  data: string;
  mimeType: string;
  label: string;
}

/** An image from base64: rendered through a data: URL in an <img>; a payload that is not an image says so. */
export function ImageContent({ data, mimeType, label }: MediaProps) {
  const url = base64DataUrl(mimeType, data);
  const isImageType = (cleanMimeType(mimeType) ?? '').startsWith('image/');
  const [failed, setFailed] = useState(false);
  const [dimensions, setDimensions] = useState<string | null>(null);
  const size = base64DecodedSize(data);
  return (
    <div className="media-content">
      <div className="document__header">
        <span className="document__title">Image</span>
        <span className="document__meta">
          {mimeType} · {formatBytes(size)}
          {dimensions && ` · ${dimensions}`}
        </span>
        <span className="document__spacer" />
        <SaveBase64Button data={data} mimeType={mimeType} name={suggestFileName('image', mimeType)} />
      </div>
      {!url || !isImageType ? (
        <p className="content-problem" role="note">
          {!isImageType
            ? `The MIME type “${mimeType}” is not an image type, so it is not displayed.`
            : 'The data is not valid base64, so it cannot be displayed.'}
        </p>
      ) : failed ? (
        <p className="content-problem" role="note">
          The data could not be decoded as {mimeType} ({formatBytes(size)}). Save it to inspect the bytes.
        </p>
      ) : (
        <img
          className="media-content__image"
          src={url}
          alt={label}
          onError={() => setFailed(true)}
          onLoad={(event) => setDimensions(`${event.currentTarget.naturalWidth} × ${event.currentTarget.naturalHeight} px`)}
        />
      )}
    </div>
  );
}

/** Audio from base64, with the browser's own controls. */
export function AudioContent({ data, mimeType, label }: MediaProps) {
  const url = base64DataUrl(mimeType, data);
  const isAudioType = (cleanMimeType(mimeType) ?? '').startsWith('audio/');
  const [failed, setFailed] = useState(false);
  const size = base64DecodedSize(data);
  return (
    <div className="media-content">
      <div className="document__header">
        <span className="document__title">Audio</span>
        <span className="document__meta">
          {mimeType} · {formatBytes(size)}
        </span>
        <span className="document__spacer" />
        <SaveBase64Button data={data} mimeType={mimeType} name={suggestFileName('audio', mimeType)} />
      </div>
      {!url || !isAudioType ? (
        <p className="content-problem" role="note">
          {!isAudioType ? `The MIME type “${mimeType}” is not an audio type, so it is not played.` : 'The data is not valid base64.'}
        </p>
      ) : failed ? (
        <p className="content-problem" role="note">
          The data could not be decoded as {mimeType} ({formatBytes(size)}). Save it to inspect the bytes.
        </p>
      ) : (
        <audio className="media-content__audio" controls src={url} aria-label={label} onError={() => setFailed(true)} />
      )}
    </div>
  );
}

/** A binary resource: its type and size, a preview when it is an image, and Save. */
export function BlobContent({ uri, blob, mimeType }: { uri: string; blob: string; mimeType?: string }) {
  const type = mimeType ?? 'application/octet-stream';
  const isImage = (cleanMimeType(type) ?? '').startsWith('image/');
  return (
    <div className="media-content">
      <div className="document__header">
        <span className="document__title">Binary</span>
        <span className="document__meta">
          {type} · {formatBytes(base64DecodedSize(blob))}
        </span>
        <span className="document__spacer" />
        <SaveBase64Button data={blob} mimeType={type} name={suggestFileName('resource', type, uri)} />
      </div>
      {isImage && <ImagePreview data={blob} mimeType={type} label={uri} />}
    </div>
  );
}

function ImagePreview({ data, mimeType, label }: MediaProps) {
  const url = base64DataUrl(mimeType, data);
  const [failed, setFailed] = useState(false);
  if (!url) return null;
  return failed ? (
    <p className="content-problem" role="note">
      The data could not be decoded as {mimeType}.
    </p>
  ) : (
    <img className="media-content__image" src={url} alt={label} onError={() => setFailed(true)} />
  );
}
