import { MODERN_PROTOCOL_VERSION, PROTOCOL_ERA_SETTINGS, type ProtocolEraSetting } from '../../../../shared/server-config';

const ERA_CHOICES: Record<ProtocolEraSetting, { label: string; hint: string }> = {
  auto: {
    label: 'Auto',
    hint: `Asks with server/discover first and speaks ${MODERN_PROTOCOL_VERSION} when the server offers it; otherwise connects with initialize (2025). The probe shows in the traffic log.`,
  },
  legacy: {
    label: 'Legacy (2025)',
    hint: 'Connects with initialize only, as 2025 clients do. No probe.',
  },
  modern: {
    label: `Modern (${MODERN_PROTOCOL_VERSION})`,
    hint: `Speaks ${MODERN_PROTOCOL_VERSION} only: a server that does not offer it fails to connect.`,
  },
};

/** Which protocol era the connection speaks, with what each choice does. */
export function ProtocolEraField({ era, onChange }: { era: ProtocolEraSetting; onChange: (era: ProtocolEraSetting) => void }) {
  return (
    <fieldset className="segmented">
      <legend className="field__label">Protocol era</legend>
      <div className="segmented__options">
        {PROTOCOL_ERA_SETTINGS.map((choice) => (
          <label key={choice} className="segmented__option">
            <input type="radio" name="era" value={choice} checked={era === choice} onChange={() => onChange(choice)} />
            <span>{ERA_CHOICES[choice].label}</span>
          </label>
        ))}
      </div>
      <p className="field__hint">{ERA_CHOICES[era].hint}</p>
    </fieldset>
  );
}
