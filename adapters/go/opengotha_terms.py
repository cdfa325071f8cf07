"""OpenGotha's words and bounds that its reader and its writer share."""

from __future__ import annotations

# OpenGotha's long names (PlacementParameterSet.allPlacementCriteria) and the criteria here
CRITERIA = {"NBW": "NBW", "MMS": "MMS", "CPS": "CPS", "STS": "STS", "CAT": "CAT", "Rank": "RANK", "Rating": "RTNG",
            "CUSSW": "CUSSW", "CUSSM": "CUSSM", "SOSW": "SOSW", "SOSW-1": "SOSW/C1", "SOSW-2": "SOSW/C2",
            "SODOSW": "SODOSW", "SOSM": "SOSM", "SOSM-1": "SOSM/C1", "SOSM-2": "SOSM/C2", "SODOSM": "SODOSM",
            "SOSTS": "SOSTS", "SOSOSW": "SOSOSW", "SOSOSM": "SOSOSM", "EXT": "EXT", "EXR": "EXR", "DC": "DC",
            "SDC": "SDC"}
# Player.MIN_RATING and MAX_RATING: a rating beyond them is brought to the bound
MIN_RATING, MAX_RATING = -900, 2949
