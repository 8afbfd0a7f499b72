/**
 * A group of filter checkboxes under a legend (admin deal filters: Status, Property Type,
 * Duration). Each ticked value is one repeated search parameter `name`; OR within a group.
 */
export function FilterGroup({
  legend,
  name,
  options,
  selected,
}: {
  legend: string;
  name: string;
  options: readonly { value: string; label: string }[];
  selected: string[];
}) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-xs font-semibold tracking-wide text-muted uppercase">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1.5">
        {options.map((o) => (
          <label key={o.value} className="flex min-h-11 items-center gap-2 text-sm sm:min-h-8">
            <input
              type="checkbox"
              name={name}
              value={o.value}
              defaultChecked={selected.includes(o.value)}
              className="size-4 accent-navy-900"
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
