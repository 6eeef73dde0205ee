import { CLIENT_PRESETS, findClientPreset } from '../../../../shared/client-emulation';
import { Field } from '../../ui/Field';
import { isPresetChoice, type ClientChoice, type ClientDraft } from './client-draft';
import type { DraftErrors } from './server-draft';

interface Props {
  client: ClientDraft;
  errors: DraftErrors;
  onChange: (client: ClientDraft) => void;
}

/** "Present as": which client the server sees (its clientInfo, capabilities and revisions). */
export function ClientEmulationField({ client, errors, onChange }: Props) {
  const set = (patch: Partial<ClientDraft>) => onChange({ ...client, ...patch });
  const preset = isPresetChoice(client.choice) ? findClientPreset(client.choice) : undefined;
  return (
    <div className="client-emulation">
      <Field
        label="Present as"
        hint={
          preset ? (
            <>
              clientInfo <code>{preset.clientInfo.name} {preset.clientInfo.version}</code>, revisions {preset.protocolVersions.join(', ')}. {preset.source}
            </>
          ) : client.choice === 'custom' ? (
            'The server sees the clientInfo, capabilities and protocol revisions given below.'
          ) : (
            'The server sees MCP Loupe as it is. Choose a client to see how the server answers it.'
          )
        }
      >
        {(props) => (
          <select {...props} className="input" value={client.choice} onChange={(event) => set({ choice: event.target.value as ClientChoice })}>
            <option value="loupe">MCP Loupe (itself)</option>
            {CLIENT_PRESETS.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.label}
              </option>
            ))}
            <option value="custom">Custom client…</option>
          </select>
        )}
      </Field>
      {client.choice === 'custom' && (
        <div className="client-emulation__custom" role="group" aria-label="Custom client">
          <Field label="Client name" error={errors['client.name']}>
            {(props) => <input {...props} className="input" value={client.name} autoComplete="off" onChange={(event) => set({ name: event.target.value })} />}
          </Field>
          <Field label="Client version" error={errors['client.version']}>
            {(props) => <input {...props} className="input" value={client.version} autoComplete="off" onChange={(event) => set({ version: event.target.value })} />}
          </Field>
          <Field label="Client title" hint="Optional.">
            {(props) => <input {...props} className="input" value={client.title} autoComplete="off" onChange={(event) => set({ title: event.target.value })} />}
          </Field>
          <Field label="Protocol revisions" hint="Comma-separated; the first is sent in initialize." error={errors['client.protocolVersions']}>
            {(props) => (
              <input {...props} className="input" value={client.protocolVersions} autoComplete="off" onChange={(event) => set({ protocolVersions: event.target.value })} />
            )}
          </Field>
          <Field label="Client capabilities" hint="A JSON object." error={errors['client.capabilities']}>
            {(props) => (
              <textarea {...props} className="input mono" rows={4} spellCheck={false} value={client.capabilities} onChange={(event) => set({ capabilities: event.target.value })} />
            )}
          </Field>
        </div>
      )}
    </div>
  );
}
