import SportsTimeCore

extension StoreError: ClassifiedError {}
extension RecordError: ClassifiedError {}
extension GameLookupError: ClassifiedError {}
