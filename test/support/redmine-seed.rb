# Creates what Redmine's REST API cannot: a tracker and issue custom fields (5.0's /trackers.json and
# /custom_fields.json are read-only). Run by test/support/real-redmine.ts with `bin/rails runner`;
# names carry the test run's suffix so runs never collide. Prints the ids as JSON on the last line.
require 'json'
suffix = ARGV.fetch(0)
bug = Tracker.find_by!(name: 'Bug')
tracker = Tracker.find_or_create_by!(name: "Provider change #{suffix}") { |t| t.default_status = IssueStatus.first }
# The workflow of Bug, so the tracker's issues can move through the same statuses.
WorkflowRule.copy(bug, nil, [tracker], nil) if WorkflowTransition.where(tracker_id: tracker.id).empty?
region = IssueCustomField.find_or_create_by!(name: "Region #{suffix}") do |field|
  field.field_format = 'list'
  field.possible_values = %w[East North South]
  field.is_for_all = true
  field.is_filter = true
  field.tracker_ids = [tracker.id, bug.id]
end
effective = IssueCustomField.find_or_create_by!(name: "Effective date #{suffix}") do |field|
  field.field_format = 'date'
  field.is_for_all = true
  field.is_filter = true
  field.tracker_ids = [tracker.id, bug.id]
end
puts JSON.generate({ tracker: tracker.id, bug: bug.id, region: region.id, effective: effective.id })
