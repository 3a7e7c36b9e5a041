import type { Lane, LaneChoices, LaneRider } from '@speedway/rules';
import { toast } from 'sonner';
import { vibrate, VIBRATION } from '@/lib/vibration';
import { chooseRider, entryOf, placeLane, setLaneStatus, type HeatDraft } from '../lib/heat-draft';
import { LaneEditor } from './lane-editor';

type DraftLaneEditorProps = {
  lane: Lane;
  draft: HeatDraft;
  setDraft: React.Dispatch<React.SetStateAction<HeatDraft>>;
  rider: LaneRider | undefined;
  choices: LaneChoices;
  reasonId: string | undefined;
};

/** One lane's editor bound to the heat dialog's draft (placing vibrates; refused riders toast). */
export function DraftLaneEditor({
  lane,
  draft,
  setDraft,
  rider,
  choices,
  reasonId,
}: DraftLaneEditorProps) {
  return (
    <LaneEditor
      lane={lane}
      rider={rider}
      entry={entryOf(draft, lane)}
      choices={choices}
      reasonId={reasonId}
      onRider={(riderId) => {
        const outcome = chooseRider(draft, lane, riderId);
        if (outcome.ok) setDraft(outcome.draft);
        else toast.error(outcome.message);
      }}
      onPlace={(position) => {
        vibrate(VIBRATION.tap);
        setDraft((d) => placeLane(d, lane, position));
      }}
      onStatus={(status) => setDraft((d) => setLaneStatus(d, lane, status))}
    />
  );
}
